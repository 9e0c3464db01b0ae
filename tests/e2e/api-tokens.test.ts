import type { Browser, Page } from 'playwright-core';
import { expect, test, vi } from '../helpers/fixtures.ts';
import { captureScreens, describeInBrowser, openPage, uiText, uiTextPattern } from '../helpers/browser.ts';
import type { E2EServer } from '../helpers/e2e-server.ts';
import { mutateInPage, setNickname, signUpAdminInPage, signUpInPage, type E2EMember } from '../helpers/e2e-marketplace.ts';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 300_000 });

const EN = 'en';
const en = (key: string, params?: Record<string, string | number>) => uiText(EN, key, params);

/**
 * Scoped API tokens and "end all sessions" in the browser (ADR 0044): a member creates
 * a token with the scopes and life they chose on /profile/edit, sees them as badges, turns its
 * wallet moves off; an unverified member is told why they cannot create one; an admin ends a
 * member's sessions from the console with a reason, and the member's open page and token stop
 * working. Then screenshots of the token section and the admin's dialog in zh-CN / en, light /
 * dark, at 390 and 1280 px.
 */
describeInBrowser('API token scopes and ending all sessions, in the browser', () => {
  let server: E2EServer;
  let browser: Browser;

  test.beforeAll(async ({ e2eServer, browser: launched }) => {
    server = e2eServer;
    browser = launched;
  });

  /** auth.me as a script holding the token would call it: the member's id, or null once the token no longer works. */
  async function meWithToken(token: string): Promise<string | null> {
    const response = await fetch(`${server.url}/trpc/auth.me`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) return null;
    const body = (await response.json()) as { result: { data: { json: { id: string } | null } } };
    return body.result.data.json?.id ?? null;
  }

  async function toast(page: Page, text: string | RegExp) {
    await page.getByText(text).first().waitFor();
  }

  async function storedScopes(tokenId: string): Promise<string[]> {
    const row = await server.db.db.selectFrom('api_tokens').select('scopes').where('id', '=', tokenId).executeTakeFirstOrThrow();
    return row.scopes;
  }

  test('a member creates a token with chosen scopes and a life, sees its badges, and turns its wallet moves off', async () => {
    const session = await openPage(browser, { baseUrl: server.url, language: EN });
    try {
      const page = session.page;
      const member = await signUpInPage(page, 'tokens');
      await page.goto('/profile/edit');
      const section = page.getByRole('region', { name: en('profile:tokens.title') });
      await section.getByText(en('profile:tokens.empty')).waitFor();

      // read is always on and cannot be unticked; trade is ticked by default; admin is for admins only
      const read = section.getByRole('checkbox', { name: en('profile:tokens.scopes.read.label'), exact: true });
      expect(await read.isChecked()).toBe(true);
      expect(await read.isDisabled()).toBe(true);
      expect(await section.getByRole('checkbox', { name: en('profile:tokens.scopes.trade.label'), exact: true }).isChecked()).toBe(true);
      expect(await section.getByRole('checkbox', { name: en('profile:tokens.scopes.admin.label'), exact: true }).count()).toBe(0);
      await section.getByText(uiText(EN, 'profile:tokens.scopes.wallet.description')).waitFor();

      // the name is required before anything is sent
      await section.getByRole('button', { name: en('profile:tokens.create') }).click();
      await section.getByText(en('profile:tokens.nameRequired')).waitFor();

      await section.getByRole('textbox', { name: en('profile:tokens.nameLabel') }).fill('price bot');
      await section.getByRole('checkbox', { name: en('profile:tokens.scopes.wallet.label'), exact: true }).check();
      await section.getByRole('radio', { name: en('profile:tokens.expiry.days', { days: 30 }) }).check();
      await section.getByRole('button', { name: en('profile:tokens.create') }).click();

      await section.getByText(en('profile:tokens.createdTitle', { name: 'price bot' })).waitFor();
      const token = (await section.getByLabel(en('profile:tokens.tokenValue')).innerText()).trim();
      expect(token).toMatch(/^curio_pat_/);
      expect(await meWithToken(token)).toBe(member.id);

      const row = section.getByRole('listitem').filter({ hasText: 'price bot' });
      for (const scope of ['read', 'trade', 'wallet'] as const) {
        await row
          .getByTestId(`token-badge-${scope}`)
          .getByText(en(`profile:tokens.scopes.${scope}.label`))
          .waitFor();
      }
      expect(await row.getByTestId('token-expiry').innerText()).toMatch(uiTextPattern(EN, 'profile:tokens.expires'));
      const stored = await server.db.db.selectFrom('api_tokens').select(['id', 'expires_at']).where('user_id', '=', member.id).executeTakeFirstOrThrow();
      expect(await storedScopes(stored.id)).toEqual(['read', 'trade', 'wallet']);
      const days = (stored.expires_at!.getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(29.9);
      expect(days).toBeLessThanOrEqual(30);

      // wallet moves off: the switch, the badge and the stored scopes follow
      const wallet = row.getByRole('switch', { name: en('profile:tokens.walletSwitchNamed', { name: 'price bot' }) });
      expect(await wallet.isChecked()).toBe(true);
      await wallet.click();
      await toast(page, en('profile:tokens.walletOff', { name: 'price bot' }));
      await expect.poll(() => wallet.isChecked()).toBe(false);
      await row.getByTestId('token-badge-wallet').waitFor({ state: 'detached' });
      expect(await storedScopes(stored.id)).toEqual(['read', 'trade']);

      // a second token with the defaults never expires
      await section.getByRole('button', { name: en('profile:tokens.dismiss') }).click();
      await section.getByRole('textbox', { name: en('profile:tokens.nameLabel') }).fill('read only');
      await section.getByRole('checkbox', { name: en('profile:tokens.scopes.trade.label'), exact: true }).uncheck();
      await section.getByRole('button', { name: en('profile:tokens.create') }).click();
      const second = section.getByRole('listitem').filter({ hasText: 'read only' });
      await second.getByTestId('token-badge-read').waitFor();
      expect(await second.getByTestId('token-badge-trade').count()).toBe(0);
      expect(await second.getByTestId('token-expiry').innerText()).toBe(en('profile:tokens.neverExpires'));
      expect(session.pageErrors).toEqual([]);
    } finally {
      await session.close();
    }
  });

  test('an admin may add the admin scope only with a life of 30 days or less', async () => {
    const session = await openPage(browser, { baseUrl: server.url, language: EN });
    try {
      const page = session.page;
      await page.goto('/');
      const admin = await signUpAdminInPage(server, page, 'token-admin');
      await page.goto('/profile/edit');
      const section = page.getByRole('region', { name: en('profile:tokens.title') });
      const never = section.getByRole('radio', { name: en('profile:tokens.expiry.never') });
      expect(await never.isChecked()).toBe(true);
      await section.getByRole('checkbox', { name: en('profile:tokens.scopes.admin.label'), exact: true }).check();
      // "never" and the lives above 30 days are no longer offered; the choice moved to 30 days
      await section.getByText(en('profile:tokens.expiryAdminHint', { days: 30 })).waitFor();
      expect(await never.isDisabled()).toBe(true);
      expect(await section.getByRole('radio', { name: en('profile:tokens.expiry.days', { days: 90 }) }).isDisabled()).toBe(true);
      expect(await section.getByRole('radio', { name: en('profile:tokens.expiry.days', { days: 30 }) }).isChecked()).toBe(true);
      await section.getByRole('radio', { name: en('profile:tokens.expiry.days', { days: 7 }) }).check();
      await section.getByRole('textbox', { name: en('profile:tokens.nameLabel') }).fill('console script');
      await section.getByRole('button', { name: en('profile:tokens.create') }).click();
      const row = section.getByRole('listitem').filter({ hasText: 'console script' });
      await row.getByTestId('token-badge-admin').getByText(en('profile:tokens.scopes.admin.label')).waitFor();
      const stored = await server.db.db.selectFrom('api_tokens').select(['scopes', 'expires_at']).where('user_id', '=', admin.id).executeTakeFirstOrThrow();
      expect(stored.scopes).toEqual(['read', 'trade', 'admin']);
      expect(stored.expires_at).not.toBeNull();
      expect(session.pageErrors).toEqual([]);
    } finally {
      await session.close();
    }
  });

  test('a member whose e-mail is not verified is told why they cannot create a token', async () => {
    const session = await openPage(browser, { baseUrl: server.url, language: EN });
    try {
      const page = session.page;
      const member = await signUpInPage(page, 'unverified');
      await server.db.db.updateTable('users').set({ email_verified_at: null }).where('id', '=', member.id).execute();
      await page.goto('/profile/edit');
      const section = page.getByRole('region', { name: en('profile:tokens.title') });
      const notice = section.getByTestId('tokens-verify-first');
      await notice.getByText(en('profile:tokens.verifyBody', { email: member.email })).waitFor();
      await notice.getByRole('button', { name: uiText(EN, 'auth:actions.resendVerification') }).waitFor();
      expect(await section.getByRole('button', { name: en('profile:tokens.create') }).count()).toBe(0);
      await captureScreens(page, 'api-tokens-unverified-en-light');
      expect(session.pageErrors).toEqual([]);
    } finally {
      await session.close();
    }
  });

  test("an admin ends a member's sessions: the member's open page is signed out and their token stops working", async () => {
    const adminSession = await openPage(browser, { baseUrl: server.url, language: EN });
    const memberSession = await openPage(browser, { baseUrl: server.url, language: EN });
    try {
      const page = adminSession.page;
      await page.goto('/');
      await signUpAdminInPage(server, page, 'ender');
      const member = await signUpInPage(memberSession.page, 'ended');
      await setNickname(server, member.id, 'Ended Emma');
      const { token } = await mutateInPage<{ token: string }>(memberSession.page, 'auth.apiTokens.create', { name: 'nightly export' });
      expect(await meWithToken(token)).toBe(member.id);
      await memberSession.page.goto('/wallet');
      const sessions = await server.db.db.selectFrom('sessions').select('id').where('user_id', '=', member.id).execute();
      expect(sessions.length).toBeGreaterThan(0);

      // the users tab offers it in each member's menu, beside ban, and in the detail view
      await page.goto('/admin?tab=users');
      await page.getByRole('textbox', { name: en('admin-people:users.searchPlaceholder') }).fill(member.email);
      await page
        .getByTestId(`user-row-${member.id}`)
        .getByRole('button', { name: en('admin-people:users.actionsFor', { name: 'Ended Emma' }) })
        .click();
      await page.getByRole('menuitem', { name: en('admin-people:users.ban') }).waitFor();
      await page.getByRole('menuitem', { name: en('admin-people:users.endSessions') }).waitFor();
      await page.keyboard.press('Escape');

      await page.goto(`/admin?tab=users&member=${member.id}`);
      const detail = page.getByTestId('member-detail');
      await detail.getByText(member.email).waitFor();
      await detail.getByRole('button', { name: en('admin-people:users.endSessions') }).click();
      const dialog = page.getByRole('dialog', { name: en('admin-people:users.endSessionsTitle', { name: 'Ended Emma' }) });
      await dialog.getByText(en('admin-people:users.endSessionsExplain')).waitFor();
      // a reason is required
      await dialog.getByRole('button', { name: en('admin-people:users.endSessions') }).click();
      await dialog.getByText(uiText(EN, 'errors:REASON_REQUIRED')).waitFor();
      await dialog.getByLabel(en('admin-people:users.endSessionsReason')).fill('Account reported as taken over');
      await dialog.getByRole('button', { name: en('admin-people:users.endSessions') }).click();
      const sessionsText = uiText(EN, `admin-people:users.sessionsEnded_${sessions.length === 1 ? 'one' : 'other'}`, { count: sessions.length });
      const tokensText = uiText(EN, 'admin-people:users.tokensRevoked_one', { count: 1 });
      await toast(page, en('admin-people:users.endSessionsToast', { name: 'Ended Emma', sessions: sessionsText, tokens: tokensText }));
      await dialog.waitFor({ state: 'detached' });

      // the member's open page is signed out, and the token no longer works
      await expect.poll(async () => memberSession.page.evaluate(async () => (await fetch('/trpc/auth.me')).text())).toContain('"json":null');
      await memberSession.page.goto('/wallet');
      await memberSession.page.waitForURL((url) => url.pathname === '/auth');
      expect(await meWithToken(token)).toBeNull();

      // the audit log names the action and keeps the reason
      await page.goto('/admin?tab=audit');
      await page.getByText(en('admin-people:audit.actions.user_end_sessions')).first().waitFor();
      await page.getByText('Account reported as taken over').first().waitFor();
      expect(adminSession.pageErrors).toEqual([]);
    } finally {
      await adminSession.close();
      await memberSession.close();
    }
  });

  test('screens of the token section and the end-sessions dialog', async () => {
    const setup = await openPage(browser, { baseUrl: server.url, language: EN });
    let member: E2EMember;
    try {
      member = await signUpInPage(setup.page, 'shots-member');
      await setNickname(server, member.id, 'Lin Xiaoyu');
    } finally {
      await setup.close();
    }

    const session = await openPage(browser, { baseUrl: server.url, language: 'zh-CN', theme: 'light' });
    try {
      const page = session.page;
      await page.goto('/');
      await signUpAdminInPage(server, page, 'token-shots');
      // tokens to show: one of each kind, one with wallet moves off, one used
      await mutateInPage(page, 'auth.apiTokens.create', { name: 'price tracker', scopes: ['read', 'trade'], expiresInDays: 90 });
      const wallet = await mutateInPage<{ summary: { id: string } }>(page, 'auth.apiTokens.create', { name: 'payout script', scopes: ['wallet'] });
      await mutateInPage(page, 'auth.apiTokens.create', { name: 'moderation bot', scopes: ['trade', 'admin'], expiresInDays: 7 });
      await server.db.db.updateTable('api_tokens').set({ last_used_at: new Date() }).where('id', '=', wallet.summary.id).execute();

      for (const [language, theme] of [
        ['zh-CN', 'light'],
        ['zh-CN', 'dark'],
        ['en', 'light'],
        ['en', 'dark'],
      ] as const) {
        await page.evaluate(
          ({ lng, th }) => {
            localStorage.setItem('language', lng);
            localStorage.setItem('theme', th);
          },
          { lng: language, th: theme },
        );
        const suffix = `${language}-${theme}`;
        await page.goto('/profile/edit');
        const section = page.getByRole('region', { name: uiText(language, 'profile:tokens.title') });
        await section.getByText('moderation bot').waitFor();
        // the admin scope ticked: the long lives are disabled
        await section.getByRole('checkbox', { name: uiText(language, 'profile:tokens.scopes.admin.label'), exact: true }).check();
        await section.getByText(uiText(language, 'profile:tokens.expiryAdminHint', { days: 30 })).waitFor();
        await captureScreens(page, `api-tokens-${suffix}`);

        await page.goto(`/admin?tab=users&member=${member!.id}`);
        const detail = page.getByTestId('member-detail');
        await detail.getByText(member!.email).waitFor();
        await captureScreens(page, `admin-member-detail-${suffix}`);
        await detail.getByRole('button', { name: uiText(language, 'admin-people:users.endSessions') }).click();
        const dialog = page.getByRole('dialog', { name: uiText(language, 'admin-people:users.endSessionsTitle', { name: 'Lin Xiaoyu' }) });
        await dialog.getByText(uiText(language, 'admin-people:users.endSessionsExplain')).waitFor();
        await dialog.getByRole('button', { name: uiText(language, 'admin-people:users.endSessions') }).click();
        await dialog.getByText(uiText(language, 'errors:REASON_REQUIRED')).waitFor();
        await captureScreens(page, `admin-end-sessions-${suffix}`);
      }
      expect(session.pageErrors).toEqual([]);
    } finally {
      await session.close();
    }
  });
});
