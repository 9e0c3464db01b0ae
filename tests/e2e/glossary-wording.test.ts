import type { Browser } from 'playwright-core';
import { expect, test, vi } from '../helpers/fixtures.ts';
import { captureScreens, describeInBrowser, openPage, uiText } from '../helpers/browser.ts';
import { signUpInPage } from '../helpers/e2e-marketplace.ts';
import type { E2EServer } from '../helpers/e2e-server.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

/**
 * One term per concept on screen (tests/unit/i18n-glossary.test.ts checks the files): the empty
 * feed offers to publish a listing (商品, not 宝贝), and the Curio center's tab of one's buying
 * requests says 購入リクエスト like every other Japanese screen (it said 買いたい).
 */
describeInBrowser('glossary wording, in the browser', () => {
  let server: E2EServer;
  let browser: Browser;

  test.beforeAll(async ({ e2eServer, browser: launched }) => {
    server = e2eServer;
    browser = launched;
  });

  test.for([
    ['zh-CN', '发布商品'],
    ['zh-TW', '發布商品'],
    ['en', 'Sell something'],
  ] as const)('the empty feed in %s offers "%s"', async ([language, publish]) => {
    const { page, pageErrors, close } = await openPage(browser, { baseUrl: server.url, language });
    try {
      await page.goto('/');
      // the feed's own empty state, not the hero above it (which may use the same words)
      const feed = page.getByRole('region', { name: uiText(language, 'feed:title'), exact: true });
      const button = feed.getByRole('link', { name: uiText(language, 'feed:publish'), exact: true });
      await button.waitFor();
      expect(await button.textContent()).toBe(publish);
      await captureScreens(page, `glossary-feed-${language}`);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  test.for(['ja', 'zh-CN', 'en'] as const)('the Curio center in %s names buying requests with the glossary term', async (language) => {
    const { page, pageErrors, close } = await openPage(browser, { baseUrl: server.url, language });
    try {
      await signUpInPage(page, `glossary-${language}`);
      await page.goto('/curio-center');
      const tab = page.getByRole('tab', { name: uiText(language, 'profiles:tabs.buying'), exact: true });
      await tab.waitFor();
      if (language === 'ja') expect(await tab.textContent()).toBe('購入リクエスト');
      await captureScreens(page, `glossary-center-${language}`);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});
