import { expect, type BrowserContext, type Locator, type Page, type Route } from '@playwright/test';
import { demoPassword } from './credentials.ts';
import { en } from './catalogues.ts';
import { clickInUserMenu, openScopePanel, openUserMenu, pickInUserMenu } from './chrome.ts';

/**
 * Page objects: what a member sees and does, named as they would name it, so a test reads as a
 * member's steps. Each takes the page (a tab) and the catalogue on screen (`en` unless the test
 * switched language). They hold no state: make one per tab, as often as convenient.
 */

/** The sign-in page (/auth): e-mail, Continue (the SAML lookup), password, Sign in. */
export class SignInPage {
  constructor(
    readonly page: Page,
    readonly texts: Record<string, string> = en,
  ) {}

  get email(): Locator {
    return this.page.getByLabel(this.texts.Email!);
  }

  get password(): Locator {
    return this.page.getByLabel(this.texts.Password!);
  }

  /** The page's "Sign in" heading: the member is on the sign-in page. */
  get heading(): Locator {
    return this.page.getByRole('heading', { name: this.texts.SignIn });
  }

  /** The sign-in page's language picker (a select of the offered languages). */
  get language(): Locator {
    return this.page.getByLabel(this.texts.Language!);
  }

  /** The form's error message (wrong password, sign-in failed). */
  get error(): Locator {
    return this.page.getByRole('alert');
  }

  async open(): Promise<void> {
    await this.page.goto('/auth');
    await expect(this.email).toBeVisible();
  }

  /** The first step: the e-mail, then Continue (the SAML lookup decides what comes next). */
  async continueWith(email: string): Promise<void> {
    await this.email.fill(email);
    await this.page.getByRole('button', { name: this.texts.Continue }).click();
  }

  /** The form's Sign in button (the password step's). */
  get signInButton(): Locator {
    return this.page.getByRole('button', { name: this.texts.SignIn });
  }

  /** The password step: the password, then Sign in. */
  async submitPassword(password: string = demoPassword): Promise<void> {
    await this.password.fill(password);
    await this.signInButton.click();
  }

  /** Fills both steps and submits; where the browser goes next is the test's to check. */
  async submit(email: string, password: string = demoPassword): Promise<void> {
    await this.continueWith(email);
    await this.submitPassword(password);
  }

  /** Opens the page, signs in and waits for the signed-in shell. */
  async signIn(email: string, password: string = demoPassword): Promise<ShellChrome> {
    await this.open();
    await this.submit(email, password);
    await expect(this.page).toHaveURL(/\/mfe-host/);
    return new ShellChrome(this.page, this.texts);
  }
}

/** The signed-in chrome: the top bar (scope, indicators, avatar menu) and what it opens. */
export class ShellChrome {
  constructor(
    readonly page: Page,
    readonly texts: Record<string, string> = en,
  ) {}

  get memberName(): Locator {
    return this.page.getByTestId('user-name');
  }

  get tenantName(): Locator {
    return this.page.getByTestId('tenant-name');
  }

  /** The avatar menu's button (its name starts with the menu's label, then the member's name). */
  get userMenuButton(): Locator {
    return this.page.getByRole('button', { name: new RegExp(`^${this.texts.UserMenu}`) });
  }

  /** The top bar's clock, in the member's date and time formats. */
  get clock(): Locator {
    return this.page.getByTestId('shell-clock');
  }

  /** The tenant's logo in the top bar (an image named after the tenant). */
  get tenantLogo(): Locator {
    return this.page.getByTestId('tenant-logo').getByRole('img');
  }

  /** The top bar itself (the page's header), where the tenant's title shows. */
  get bar(): Locator {
    return this.page.locator('header');
  }

  /** A language (by its own name) or theme (by its label) in the open avatar menu: ticked or not. */
  choice(name: string): Locator {
    return this.page.getByRole('menuitemradio', { name, exact: true });
  }

  /** Every choice in the open avatar menu whose name contains `text` (none when the menu lacks it). */
  choicesNamed(text: string): Locator {
    return this.page.getByRole('menuitemradio', { name: text });
  }

  /** A group of the open avatar menu by its exact name ("Language", "Theme"). */
  menuGroup(name: string): Locator {
    return this.page.getByRole('group', { name, exact: true });
  }

  /** An action in the open avatar menu ("Preferences", "Sign out"). */
  menuItem(name: string): Locator {
    return this.page.getByRole('menuitem', { name });
  }

  /** The product version line in the open avatar menu. */
  get productVersion(): Locator {
    return this.page.getByTestId('product-version');
  }

  /** The shell's build line in the open avatar menu. */
  get shellBuild(): Locator {
    return this.page.getByTestId('shell-build');
  }

  /** The waiting-writes indicator in the top bar, saying `count` writes wait. */
  pendingWrites(count: number): Locator {
    return this.page.getByRole('button', { name: this.texts.PendingWrites!.replace('{{count}}', String(count)) });
  }

  /** The writes indicator in the top bar, whatever it counts ("n waiting" or "n failed"); absent when none. */
  get writesIndicator(): Locator {
    const count = (key: string) => this.texts[key]!.replace('{{count}}', '\\d+');
    return this.page.getByRole('button', { name: new RegExp(`^(${count('PendingWrites')}|${count('WritesFailed')})$`) });
  }

  /** The tenant switcher's button (absent when the member has no tenant list). */
  get tenantSwitcher(): Locator {
    return this.page.getByRole('button', { name: new RegExp(this.texts.SwitchTenant!) });
  }

  /** Opens the tenant switcher; the dialog it opens ("Switch tenant": search, the tenants). */
  async openTenantSwitcher(): Promise<Dialog> {
    await this.tenantSwitcher.click();
    return new Dialog(this.page, this.texts.SwitchTenant!);
  }

  /** Switches tenant: opens the switcher, searches for `search` and picks the first tenant found. */
  async switchTenant(search: string): Promise<void> {
    const dialog = await this.openTenantSwitcher();
    await dialog.root.getByLabel(this.texts.SearchTenants!).fill(search);
    await dialog.root.getByRole('listitem').first().getByRole('button').click();
  }

  /** The organisation-group switcher's button (a menu of the member's groups). */
  get organisationGroups(): Locator {
    return this.page.getByRole('button', { name: new RegExp(`^${this.texts.SwitchOrganisationGroup}`) });
  }

  /** The organisation picker's button (opens the organisation tree). */
  get organisationPicker(): Locator {
    return this.page.getByTestId('organisation-picker');
  }

  /** Below 1024 px: the one button the tenant and organisation fold into. */
  get scopeButton(): Locator {
    return this.page.getByRole('button', { name: new RegExp(`^${this.texts.Tenant}`) });
  }

  /** The offline indicator (a status that clears itself). */
  get offline(): Locator {
    return this.page.getByRole('status').filter({ hasText: this.texts.Offline! });
  }

  /** The same indicator when the platform takes calls and answers none (lie-fi): reconnecting. */
  get reconnecting(): Locator {
    return this.page.getByRole('status').filter({ hasText: this.texts.Reconnecting! });
  }

  /** The signed-in shell shows this member (the name is in the avatar menu's button). */
  async expectSignedInAs(name: string): Promise<void> {
    await expect(this.memberName).toHaveText(name);
  }

  async openUserMenu(): Promise<void> {
    await openUserMenu(this.page, this.texts.UserMenu);
  }

  /** Sign out from the avatar menu (answering the waiting-writes question is the test's). */
  async signOut(): Promise<void> {
    await this.openUserMenu();
    await this.page.getByRole('menuitem', { name: this.texts.SignOut }).click();
  }

  /** A language by its own name ("Deutsch", "العربية") or a theme by its label, from the avatar menu. */
  async pick(name: string): Promise<void> {
    await pickInUserMenu(this.page, name, this.texts.UserMenu);
  }

  /** The dark colour scheme, chosen from the theme menu as a member does (it lasts: the app applies it again at each state reload). */
  async chooseDarkScheme(): Promise<void> {
    await this.pick(this.texts.ThemePreviewDark!);
    await expect(this.page.locator('html')).toHaveAttribute('data-color-scheme', 'dark');
  }

  /** Opens the date and time preferences dialog from the avatar menu. */
  async openPreferences(): Promise<Dialog> {
    const dialog = new Dialog(this.page, this.texts.DateTimePreferences!);
    await clickInUserMenu(this.page, this.page.getByRole('menuitem', { name: this.texts.Preferences }), this.texts.UserMenu, dialog.root);
    return dialog;
  }

  /**
   * Saves the member's own time format in the preferences dialog, which then closes. `offline`: that
   * browser context goes offline once the dialog is open (its code is here), so the save is made
   * offline.
   */
  async saveTimeFormat(value: '12Hour' | '24Hour', { offline }: { offline?: BrowserContext } = {}): Promise<void> {
    const dialog = await this.openPreferences();
    const mine = dialog.root.getByRole('form', { name: this.texts.YourPreferences });
    if (offline) {
      await expect(mine).toBeVisible();
      await offline.setOffline(true);
    }
    await mine.getByLabel(this.texts.TimeFormat!).selectOption(value);
    await mine.getByRole('button', { name: this.texts.Save, exact: true }).click();
    await dialog.expectClosed();
  }

  /** Below 1024 px the scope switchers sit behind one button: opens it when it is there. */
  async openScope(): Promise<void> {
    await openScopePanel(this.page, this.texts);
  }
}

/**
 * "A new version is available": a compact button with a dot, in the top bar when the signed-in
 * shell is on screen (else in a corner of the page), that opens a small panel with Reload.
 */
export class UpdateIndicator {
  constructor(
    readonly page: Page,
    readonly texts: Record<string, string> = en,
  ) {}

  get button(): Locator {
    return this.page.getByRole('button', { name: this.texts.NewVersionAvailable, exact: true });
  }

  /** The same button, when it sits in the top bar. */
  get inBar(): Locator {
    return this.page.getByRole('banner').getByRole('button', { name: this.texts.NewVersionAvailable, exact: true });
  }

  get panel(): Locator {
    return this.page.getByRole('dialog', { name: this.texts.NewVersionAvailable });
  }

  async open(): Promise<void> {
    await this.button.click();
    await expect(this.panel).toBeVisible();
  }

  /** Opens the panel and chooses Reload, by keyboard alone. */
  async reloadByKeyboard(): Promise<void> {
    await this.button.focus();
    await this.page.keyboard.press('Enter');
    await expect(this.panel).toBeVisible();
    await this.panel.getByRole('button', { name: this.texts.Reload }).focus();
    await this.page.keyboard.press('Enter');
  }
}

/** A modal dialog (or alert dialog) by its accessible name; `role` to insist on one of the two. */
export class Dialog {
  readonly root: Locator;

  constructor(
    readonly page: Page,
    name: string | RegExp,
    role?: 'dialog' | 'alertdialog',
  ) {
    this.root = role ? page.getByRole(role, { name }) : page.getByRole('dialog', { name }).or(page.getByRole('alertdialog', { name }));
  }

  async expectOpen(): Promise<void> {
    await expect(this.root).toBeVisible();
  }

  async expectClosed(): Promise<void> {
    await expect(this.root).toBeHidden();
  }

  /** Not in the page at all (closed and removed), a stronger check than `expectClosed`. */
  async expectGone(): Promise<void> {
    await expect(this.root).toHaveCount(0);
  }

  /** The dialog is on screen and says this (its text contains it). */
  async expectText(text: string): Promise<void> {
    await expect(this.root).toContainText(text);
  }

  button(name: string): Locator {
    return this.root.getByRole('button', { name, exact: true });
  }

  /** Presses one of the dialog's buttons by its text. */
  async choose(name: string): Promise<void> {
    await this.button(name).click();
  }
}

/** The once-per-session start-up modals (SPEC §4), shown one at a time once the member is in the shell. */
export class StartupModals {
  constructor(
    readonly page: Page,
    readonly texts: Record<string, string> = en,
  ) {}

  /** "Scheduled maintenance": the platform's announced window, in local time. */
  get maintenance(): Dialog {
    return new Dialog(this.page, this.texts.ScheduledMaintenance!);
  }

  /** "New benchmarking feature": the home-page announcement. */
  get benchmarking(): Dialog {
    return new Dialog(this.page, this.texts.NewBenchmarkingFeature!);
  }

  /** "Product improvements": the analytics notice. */
  get improvements(): Dialog {
    return new Dialog(this.page, this.texts.ProductImprovementsTitle!);
  }
}

/**
 * The kept top bar the page paints from IndexedDB before the app's code has run (firstPaint/page):
 * inert, hidden from assistive technology and without test ids, so role and test-id locators
 * never see it; found by its own marks.
 */
export class PrePaint {
  constructor(readonly page: Page) {}

  get root(): Locator {
    return this.page.locator('[data-prepaint-root]');
  }

  get bar(): Locator {
    return this.root.locator('header');
  }

  get memberName(): Locator {
    return this.root.locator('[data-prepaint="user-name"]');
  }

  get tenantName(): Locator {
    return this.root.locator('[data-prepaint="tenant-name"]');
  }

  /**
   * Holds the app's script (the chunk of src/main.tsx) until the returned function is called, so
   * only the pre-paint can be on screen meanwhile.
   */
  holdApp(): Promise<() => Promise<void>> {
    return this.holdScript(/\/assets\/main-[\w-]+\.js$/);
  }

  /** Holds the pre-paint's own script until the returned function is called: only the page's first script runs meanwhile. */
  holdPrePaint(): Promise<() => Promise<void>> {
    return this.holdScript(/\/assets\/pre-paint-[\w-]+\.js$/);
  }

  private async holdScript(script: RegExp): Promise<() => Promise<void>> {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const held: Promise<void>[] = [];
    const hold = (route: Route) => {
      const answered = released.then(() => route.fallback());
      held.push(answered);
      return answered;
    };
    await this.page.route(script, hold);
    return async () => {
      release();
      await Promise.all(held);
      await this.page.unroute(script, hold);
    };
  }
}
