import type { Browser } from 'playwright-core';
import { expect, test, vi } from '../helpers/fixtures.ts';
import { describeInBrowser, openPage, uiText } from '../helpers/browser.ts';
import type { E2EServer } from '../helpers/e2e-server.ts';
import { signUpInPage } from '../helpers/e2e-marketplace.ts';
import { insertTestUser } from '../helpers/users.ts';
import { putSetting } from '../../server/src/domain/settings/settings.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

const en = (key: string) => uiText('en', key);

/**
 * The floating customer-service button (rule C-11) opens a chat with the configured
 * support admin, and only while customer service is switched on.
 */
describeInBrowser('the customer-service button opens a chat with support, in the browser', () => {
  let server: E2EServer;
  let browser: Browser;

  test.beforeAll(async ({ e2eServer, browser: launched }) => {
    server = e2eServer;
    browser = launched;
  });

  test('a member reaches the configured support admin and writes to them; switched off, the button is gone', async () => {
    const support = await insertTestUser(server.db.db, { admin: true, nickname: 'Curio Support' });
    await putSetting(server.db.db, 'customer_service_admin_id', support.id, null, new Date());
    const { page, close, pageErrors } = await openPage(browser, { baseUrl: server.url, language: 'en' });
    try {
      await page.goto('/');
      const member = await signUpInPage(page, 'support-seeker');
      await page.goto('/');
      await page.getByRole('button', { name: en('common:customerService.button') }).click();
      await page.waitForURL((url) => url.pathname === '/messages' && url.searchParams.get('userId') === support.id);
      await page.getByRole('main').getByText('Curio Support').first().waitFor();

      const composer = page.getByRole('textbox', { name: en('messages:composer.label'), exact: true });
      await composer.fill('Hello, how do I top up?');
      await composer.press('Enter');
      await page.getByTestId('chat-bubble').filter({ hasText: 'Hello, how do I top up?' }).waitFor();
      const stored = await server.db.db.selectFrom('messages').select(['receiver_id', 'content']).where('sender_id', '=', member.id).execute();
      expect(stored).toEqual([{ receiver_id: support.id, content: 'Hello, how do I top up?' }]);

      await putSetting(server.db.db, 'customer_service_enabled', false, null, new Date());
      // a fresh load reads the settings again
      await page.goto('/');
      await page.getByRole('main').waitFor();
      await expect.poll(() => page.getByRole('button', { name: en('common:customerService.button') }).count()).toBe(0);
      expect(pageErrors).toEqual([]);
    } finally {
      await putSetting(server.db.db, 'customer_service_enabled', true, null, new Date());
      await close();
    }
  });
});
