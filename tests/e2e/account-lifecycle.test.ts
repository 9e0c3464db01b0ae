import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { expect, test, vi } from '../helpers/fixtures.ts';
import { captureScreens, describeInBrowser, openPage, uiText, uiTextPattern } from '../helpers/browser.ts';
import { waitForMailedLink, type E2EServer } from '../helpers/e2e-server.ts';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 300_000 });

const EN = 'en';
const en = (key: string, params?: Record<string, string | number>) => uiText(EN, key, params);

describeInBrowser('an account from sign-up to a forgotten password, in the browser', () => {
  let server: E2EServer;
  let browser: Browser;

  test.beforeAll(async ({ e2eServer, browser: launched }) => {
    server = e2eServer;
    browser = launched;
  });

  // by role and accessible name: a label's text also holds the required-field asterisk
  function field(page: Page, key: string) {
    return page.getByRole('textbox', { name: en(key), exact: true });
  }

  async function expectSignedIn(page: Page): Promise<void> {
    // sign-up and sign-in hash the password with argon2id (19 MiB, t=2): slow on a busy 2-core machine
    await page.waitForURL(`${server.url}/`, { timeout: 30_000 });
    // the avatar links to the member's own profile
    await page
      .getByRole('banner')
      .getByRole('link', { name: uiTextPattern(EN, 'account.profile') })
      .waitFor();
    await page
      .getByRole('banner')
      .getByRole('button', { name: en('account.menu') })
      .waitFor();
  }

  async function signOut(page: Page): Promise<void> {
    await page
      .getByRole('banner')
      .getByRole('button', { name: en('account.menu') })
      .click();
    await page.getByRole('menuitem', { name: en('account.logout') }).click();
    await page
      .getByRole('banner')
      .getByRole('link', { name: en('nav.login'), exact: true })
      .waitFor();
    const me = await page.evaluate(async () => {
      const response = await fetch('/trpc/auth.me');
      return (await response.json()) as { result?: { data?: { json?: unknown } } };
    });
    expect(me.result?.data?.json).toBeNull();
  }

  // The mode lives in the URL and the router switches it in a transition, so the old form stays on
  // screen (and takes typing) until the new one is ready: wait for the tab to be selected first.
  async function chooseMode(page: Page, mode: 'signin' | 'signup'): Promise<void> {
    const tab = page.getByRole('tab', { name: en(`auth:modes.${mode}`) });
    await tab.click();
    await page.getByRole('tab', { name: en(`auth:modes.${mode}`), selected: true }).waitFor();
  }

  async function openSignIn(page: Page): Promise<void> {
    await page
      .getByRole('banner')
      .getByRole('link', { name: en('nav.login'), exact: true })
      .click();
    await page.waitForURL(/\/auth/);
    await chooseMode(page, 'signin');
  }

  async function signIn(page: Page, email: string, password: string): Promise<void> {
    await field(page, 'auth:fields.email').fill(email);
    await field(page, 'auth:fields.password').fill(password);
    await page.getByRole('button', { name: en('auth:actions.signin'), exact: true }).click();
  }

  test('signs up, signs out, signs in, resets a forgotten password and signs in with the new one', async () => {
    const email = `e2e-${randomBytes(4).toString('hex')}@example.com`;
    const firstPassword = 'first-secret-1';
    const newPassword = 'second-secret-2';
    const { page, pageErrors, close } = await openPage(browser, { baseUrl: server.url, language: EN });
    try {
      // sign up with a fresh address: the form says to check the inbox, the mailed link signs in
      await page.goto('/');
      await page
        .getByRole('banner')
        .getByRole('link', { name: en('nav.login'), exact: true })
        .click();
      await page.waitForURL(/\/auth/);
      await chooseMode(page, 'signup');
      await field(page, 'auth:fields.email').fill(email);
      await field(page, 'auth:fields.password').fill(firstPassword);
      await captureScreens(page, 'auth-sign-up-en');
      await page.getByRole('button', { name: en('auth:actions.signup'), exact: true }).click();
      await page.getByTestId('verification-sent').getByText(en('auth:signup.sentNotice', { email })).waitFor({ timeout: 30_000 });
      await captureScreens(page, 'auth-verification-sent-en');
      await page.goto(await waitForMailedLink(server, email, '/verify-email'));
      await expectSignedIn(page);
      // the welcome toast closes by itself; the picture is of the signed-in top bar
      await page.getByText(en('auth:toasts.verified')).waitFor({ state: 'hidden' });
      await captureScreens(page, 'home-signed-in-en');

      // sign out through the account menu, then back in with the same password
      await signOut(page);
      await openSignIn(page);
      await signIn(page, email, firstPassword);
      await expectSignedIn(page);
      await signOut(page);

      // forgotten password: request a link, which the dev outbox shows as mailed
      await openSignIn(page);
      await page.getByRole('button', { name: en('auth:actions.forgotPassword') }).click();
      await field(page, 'auth:fields.email').fill(email);
      await page.getByRole('button', { name: en('auth:actions.sendResetLink') }).click();
      await page
        .getByRole('status')
        .filter({ hasText: en('auth:reset.sentNotice', { email }) })
        .waitFor();
      await captureScreens(page, 'auth-reset-requested-en');

      const link = await waitForMailedLink(server, email, '/reset-password');
      expect(link.startsWith(`${server.url}/reset-password`)).toBe(true);

      await page.goto(link);
      await field(page, 'auth:fields.newPassword').fill(newPassword);
      await field(page, 'auth:fields.confirmPassword').fill(newPassword);
      // the one-time token leaves the address bar as soon as the page has read it
      expect(new URL(page.url()).hash).toBe('');
      await captureScreens(page, 'reset-password-form-en');
      await page.getByRole('button', { name: en('auth:actions.setNewPassword') }).click();
      await page
        .getByRole('status')
        .filter({ hasText: en('auth:toasts.passwordReset') })
        .first()
        .waitFor();
      await page.waitForURL(/\/auth\?mode=signin/);

      // the old password is refused, the new one works
      await signIn(page, email, firstPassword);
      await page.getByText(en('errors:INVALID_CREDENTIALS')).first().waitFor();
      expect(new URL(page.url()).pathname).toBe('/auth');
      await signIn(page, email, newPassword);
      await expectSignedIn(page);

      // the link was single-use
      await page.goto(link);
      await field(page, 'auth:fields.newPassword').fill('third-secret-3');
      await field(page, 'auth:fields.confirmPassword').fill('third-secret-3');
      await page.getByRole('button', { name: en('auth:actions.setNewPassword') }).click();
      await page.getByText(en('errors:RESET_LINK_INVALID')).first().waitFor();

      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});
