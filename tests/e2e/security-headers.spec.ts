import { test, expect } from './fixtures.ts';

/** Issue 9 item 3: the server `npm start` runs sends the security headers; the shell works under them (every browser test runs under them). */
test('the shell’s pages carry the policy built from the runtime configuration, and an injected inline script does not run', async ({ page, signIn }) => {
  const response = await page.goto('/auth');
  const headers = response!.headers();
  const policy = headers['content-security-policy'] ?? '';
  // The emulator's configuration names only same-origin analytics and remotes.
  expect(policy.split('; ')).toEqual(["script-src 'self'", "connect-src 'self'", "worker-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]);
  expect(headers['referrer-policy']).toBe('same-origin');
  expect(headers['x-content-type-options']).toBe('nosniff');

  await signIn(page, 'admin@acme.test');
  await expect(page.getByTestId('example-remote-user')).toHaveText('Ada Admin');
  const outcome = await page.evaluate(
    () =>
      new Promise<{ ran: boolean; blocked: string | null }>((resolve) => {
        const w = window as unknown as { injected?: boolean };
        let blocked: string | null = null;
        document.addEventListener('securitypolicyviolation', (event) => (blocked = event.effectiveDirective), { once: true });
        const script = document.createElement('script');
        script.textContent = 'window.injected = true';
        document.body.append(script);
        setTimeout(() => resolve({ ran: w.injected === true, blocked }), 100);
      }),
  );
  expect(outcome).toEqual({ ran: false, blocked: 'script-src-elem' });
});
