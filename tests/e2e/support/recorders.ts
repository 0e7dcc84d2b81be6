/** What pages report that a test checks afterwards: dialogs opened, Content-Security-Policy violations. */
import type { BrowserContext, Page } from '@playwright/test';

/** Every alert, confirm or prompt `page` opens (the message), dismissed: a hostile string that ran shows here. */
export function recordDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
}

/**
 * Records every `securitypolicyviolation` any page of `context` reports, from the first script on
 * (the auto fixture `cspViolations`, and specs on a browser of their own such as nginx.spec).
 */
export async function recordCspViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding('__trustShellCspViolation', (_source, entry: unknown) => {
    violations.push(String(entry));
  });
  await context.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (e) => {
        const report = (window as unknown as { __trustShellCspViolation?: (entry: string) => Promise<void> }).__trustShellCspViolation;
        void report?.(`${e.effectiveDirective} ${e.blockedURI || '(inline)'} (${e.sourceFile || e.documentURI}:${e.lineNumber})`);
      },
      true,
    );
  });
  return violations;
}
