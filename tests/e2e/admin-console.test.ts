import type { Browser, Page } from 'playwright-core';
import { expect, test, vi } from '../helpers/fixtures.ts';
import { VIEWPORTS, captureScreens, describeInBrowser, openPage, uiText } from '../helpers/browser.ts';
import type { E2EServer } from '../helpers/e2e-server.ts';
import { signUpInPage } from '../helpers/e2e-marketplace.ts';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 300_000 });

/**
 * The console itself (rules AD-1 to AD-4): who may open /admin, the live pending badges,
 * `?tab=` links, the window event that switches tabs, and the phone menu. The tabs' own
 * journeys are in admin-{people,content,money,operations}.test.ts.
 */
const EN = 'en';
const en = (key: string, params?: Record<string, string | number>) => uiText(EN, key, params);

describeInBrowser('admin console: access, live badges, tab links and the phone menu', () => {
  let server: E2EServer;
  let browser: Browser;

  test.beforeAll(async ({ e2eServer, browser: launched }) => {
    server = e2eServer;
    browser = launched;
  });

  async function recordViolation(senderId: string, receiverId: string): Promise<void> {
    await server.db.db
      .insertInto('message_violations')
      .values({
        sender_id: senderId,
        receiver_id: receiverId,
        violation_type: 'phone',
        detected_types: ['phone'],
        original_content: 'call me on 13812345678',
        detected_patterns: ['13812345678'],
      })
      .execute();
  }

  test('a visitor goes to /auth and a member without the role is sent home with the message', async () => {
    const visitor = await openPage(browser, { baseUrl: server.url, language: EN });
    const member = await openPage(browser, { baseUrl: server.url, language: EN });
    try {
      await visitor.page.goto('/admin');
      await visitor.page.waitForURL((url) => url.pathname === '/auth');

      await member.page.goto('/');
      await signUpInPage(member.page, 'console-member');
      await member.page.goto('/admin?tab=users');
      await member.page.getByText(en('admin:noPermission'), { exact: true }).waitFor();
      await member.page.waitForURL((url) => url.pathname === '/');
      expect(member.pageErrors).toEqual([]);
    } finally {
      await visitor.close();
      await member.close();
    }
  });

  test('badges follow new violations live; ?tab= and the dashboard open tabs; the phone menu switches tabs', async () => {
    const session = await openPage(browser, { baseUrl: server.url, language: EN });
    const other = await openPage(browser, { baseUrl: server.url, language: EN });
    try {
      const page = session.page;
      await page.goto('/');
      const admin = await signUpInPage(page, 'console-admin');
      await server.db.db.insertInto('user_roles').values({ user_id: admin.id, role: 'admin' }).execute();
      await other.page.goto('/');
      const sender = await signUpInPage(other.page, 'console-sender');

      await page.goto('/admin');
      await page.getByRole('heading', { level: 1, name: en('admin:title') }).waitFor();
      await page.getByTestId('dashboard-total-users').waitFor();
      expect(await page.getByTestId('admin-badge-violations').count()).toBe(0);

      // a violation recorded anywhere shows on the badge and the dashboard without a reload
      await recordViolation(sender.id, admin.id);
      await expect.poll(() => page.getByTestId('admin-badge-violations').innerText(), { timeout: 15_000 }).toBe('1');
      await recordViolation(sender.id, admin.id);
      await expect.poll(() => page.getByTestId('admin-badge-violations').innerText(), { timeout: 15_000 }).toBe('2');

      // the dashboard's queue button switches the tab through the window event, and the URL follows
      await page.reload();
      await page.getByTestId('dashboard-waiting-violations').getByRole('button').click();
      await page.waitForURL((url) => url.searchParams.get('tab') === 'violations');
      await page.getByRole('heading', { level: 2, name: en('admin:tabs.violations') }).waitFor();

      // every tab has a link
      await page.goto('/admin?tab=recharge-codes');
      await page.getByRole('heading', { level: 2, name: en('admin:tabs.recharge-codes') }).waitFor();
      await page.getByTestId('admin-tab-settings').click();
      await page.waitForURL((url) => url.searchParams.get('tab') === 'settings');
      await page.getByRole('heading', { level: 2, name: en('admin:tabs.settings') }).waitFor();

      // phones: no sidebar, a menu button opens the same entries in a drawer
      await page.setViewportSize(VIEWPORTS.phone);
      await page.goto('/admin');
      expect(await page.getByTestId('admin-tab-users').count()).toBe(0);
      await page.getByRole('button', { name: en('admin:menuLabel') }).click();
      await page.getByTestId('admin-badge-violations').waitFor();
      await page.getByTestId('admin-tab-users').click();
      await page.waitForURL((url) => url.searchParams.get('tab') === 'users');
      await page.getByRole('heading', { level: 2, name: en('admin:tabs.users') }).waitFor();
      await page.setViewportSize(VIEWPORTS.desktop);

      await page.goto('/admin');
      await page.getByTestId('dashboard-total-users').waitFor();
      for (const [language, theme] of [
        ['zh-CN', 'light'],
        ['en', 'dark'],
        ['zh-CN', 'dark'],
        ['en', 'light'],
      ] as const) {
        await showIn(page, language, theme);
        await captureScreens(page, `admin-console-dashboard-${language}-${theme}`);
      }
      expect(session.pageErrors).toEqual([]);
    } finally {
      await session.close();
      await other.close();
    }
  });
});

/** Switches the stored language and theme and reloads, as the pickers would leave them. */
async function showIn(page: Page, language: string, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate(
    ([lng, look]) => {
      localStorage.setItem('language', lng);
      localStorage.setItem('theme', look);
    },
    [language, theme] as const,
  );
  await page.reload();
  await page.getByTestId('dashboard-total-users').waitFor();
}
