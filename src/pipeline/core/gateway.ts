/**
 * A gateway status (502–504): the platform behind our origin did not answer. It says nothing about
 * the call itself, so callers treat it like no network: fall back, wait, try again later.
 */
export function isGatewayStatus(status: number): boolean {
  return status >= 502 && status <= 504;
}
