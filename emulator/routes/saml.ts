/**
 * SAML sign-out navigations. A real platform starts single logout at the identity provider,
 * which finally returns the browser to {origin}/auth; the contract lets an emulator redirect
 * straight to /auth. Never prefixed, no bearer.
 */
import { z } from 'zod';
import { browserBadRequest, redirect, type Reply } from '../http.ts';
import type { RequestContext } from '../context.ts';
import type { RouteDef } from '../router.ts';

function samlLogout(ctx: RequestContext): Reply {
  const email = ctx.query.get('email');
  if (email === null || email === '') throw browserBadRequest('email is required');
  if (!z.email().safeParse(email).success) throw browserBadRequest('email is not an email address');
  return redirect(`${ctx.origin}/auth`);
}

export const samlRoutes: RouteDef[] = [
  { method: 'GET', pattern: '/authentication/saml2/logout', auth: 'none', handler: samlLogout },
  { method: 'GET', pattern: '/access/v1/saml/logout', auth: 'none', handler: samlLogout },
];
