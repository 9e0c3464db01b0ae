import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { expect, test, vi } from '../helpers/fixtures.ts';
import { captureScreens, describeInBrowser, openPage, uiText } from '../helpers/browser.ts';
import { waitForMailedLink, type E2EServer } from '../helpers/e2e-server.ts';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 300_000 });

/**
 * Sign-up is verified by e-mail (ADR 0025): the form says to check the inbox, the mailed link
 * signs the member in verified; a member who has not opened it yet may sign in and look around,
 * but is told to verify before money can leave, and the server refuses it too.
 */
describeInBrowser('e-mail verification in the browser', () => {
  let server: E2EServer;
  let browser: Browser;

  test.beforeAll(async ({ e2eServer, browser: launched }) => {
    server = e2eServer;
    browser = launched;
  });

  async function signUpThroughForm(page: Page, language: string, email: string): Promise<void> {
    const text = (key: string, params?: Record<string, string | number>) => uiText(language, key, params);
    await page.goto('/auth?mode=signup');
    await page.getByRole('tab', { name: text('auth:modes.signup'), selected: true }).waitFor();
    await page.getByRole('textbox', { name: text('auth:fields.email'), exact: true }).fill(email);
    await page.getByRole('textbox', { name: text('auth:fields.password'), exact: true }).fill('e2e-secret-123');
    await page.getByRole('button', { name: text('auth:actions.signup'), exact: true }).click();
    // argon2id hashing on a busy two-core machine takes a while
    await page.getByTestId('verification-sent').getByText(text('auth:signup.sentNotice', { email })).waitFor({ timeout: 30_000 });
  }

  async function me(page: Page): Promise<{ emailVerified?: boolean } | null> {
    return page.evaluate(async () => {
      const response = await fetch('/trpc/auth.me');
      return ((await response.json()) as { result: { data: { json: { emailVerified?: boolean } | null } } }).result.data.json;
    });
  }

  test('sign up, open the mailed link, land signed in and verified', async () => {
    const email = `e2e-verify-${randomBytes(4).toString('hex')}@example.com`;
    const { page, pageErrors, close } = await openPage(browser, { baseUrl: server.url, language: 'en' });
    try {
      await signUpThroughForm(page, 'en', email);
      expect(await me(page)).toBeNull();
      const link = await waitForMailedLink(server, email, '/verify-email');
      await page.goto(link);
      await page.waitForURL(`${server.url}/`, { timeout: 30_000 });
      await page.getByText(uiText('en', 'auth:toasts.verified')).first().waitFor();
      expect(await me(page)).toMatchObject({ emailVerified: true });
      expect(await page.getByTestId('verify-email-banner').count()).toBe(0);

      // the link worked once: opening it again offers a new one
      await page.goto(link);
      await page.getByRole('alert').getByText(uiText('en', 'errors:VERIFICATION_LINK_INVALID')).waitFor();
      expect(new URL(page.url()).hash).toBe('');
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  for (const { language, theme } of [
    { language: 'en', theme: 'light' },
    { language: 'zh-CN', theme: 'dark' },
  ] as const) {
    test(`an unverified member (${language}, ${theme}) signs in, sees why, and cannot withdraw`, async () => {
      const text = (key: string, params?: Record<string, string | number>) => uiText(language, key, params);
      const email = `e2e-unverified-${randomBytes(4).toString('hex')}@example.com`;
      const { page, pageErrors, close } = await openPage(browser, { baseUrl: server.url, language, theme });
      try {
        await signUpThroughForm(page, language, email);
        await captureScreens(page, `auth-check-inbox-${language}-${theme}`);

        // signing in with the password works before verification
        await page.getByRole('button', { name: text('auth:actions.backToSignIn') }).click();
        await page.getByRole('tab', { name: text('auth:modes.signin'), selected: true }).waitFor();
        await page.getByRole('textbox', { name: text('auth:fields.email'), exact: true }).fill(email);
        await page.getByRole('textbox', { name: text('auth:fields.password'), exact: true }).fill('e2e-secret-123');
        await page.getByRole('button', { name: text('auth:actions.signin'), exact: true }).click();
        await page.waitForURL(`${server.url}/`, { timeout: 30_000 });
        const banner = page.getByTestId('verify-email-banner');
        await banner.getByText(text('auth:verifyBanner.text', { email })).waitFor();
        await captureScreens(page, `verify-banner-${language}-${theme}`);

        await page.goto('/withdrawal');
        const notice = page.getByTestId('verify-first-notice');
        await notice.getByText(text('auth:verifyFirst.title')).waitFor();
        await expect.poll(() => page.getByRole('button', { name: uiText(language, 'wallet:withdrawal.submit') }).isDisabled()).toBe(true);
        await captureScreens(page, `withdrawal-verify-first-${language}-${theme}`);

        // the server refuses it as well, whatever the page does
        const refusal = await page.evaluate(async () => {
          const response = await fetch('/trpc/wallet.createWithdrawal', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ json: { amount: 100, address: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU', idempotencyKey: 'e2e-unverified-1' } }),
          });
          return { status: response.status, body: await response.text() };
        });
        expect(refusal.status).toBe(403);
        expect(refusal.body).toContain('EMAIL_NOT_VERIFIED');

        // "send the link again" from the notice cools down
        await notice.getByRole('button', { name: text('auth:actions.resendVerification') }).click();
        await expect.poll(() => notice.getByRole('button').first().isDisabled()).toBe(true);

        // a bad link shows how to get a new one
        await page.goto('/verify-email#token=not-a-real-token-at-all-000000');
        await page.getByRole('alert').getByText(text('errors:VERIFICATION_LINK_INVALID')).waitFor();
        await captureScreens(page, `verify-link-invalid-${language}-${theme}`);
        expect(pageErrors).toEqual([]);
      } finally {
        await close();
      }
    });
  }
});
