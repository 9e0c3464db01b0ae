import type { Browser } from 'playwright-core';
import { expect, test, vi } from '../helpers/fixtures.ts';
import { captureScreens, describeInBrowser, openPage, uiText } from '../helpers/browser.ts';
import type { E2EServer } from '../helpers/e2e-server.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

const EN = 'en';
const en = (key: string) => uiText(EN, key);

/**
 * After a deploy, a tab opened before it asks for screen chunks that no longer exist. The route
 * error boundary (client/src/components/RouteErrorBoundary.tsx) reloads once to get the new build,
 * and if the chunk still cannot be loaded shows a translated message with a retry, inside the
 * normal header, instead of the router's bare error screen.
 */
describeInBrowser('a screen whose code cannot be loaded, in the browser', () => {
  let server: E2EServer;
  let browser: Browser;

  test.beforeAll(async ({ e2eServer, browser: launched }) => {
    server = e2eServer;
    browser = launched;
  });

  test('a missing chunk reloads once, then explains and offers a retry that works once the chunk is back', async () => {
    const { page, pageErrors, close } = await openPage(browser, { baseUrl: server.url, language: EN });
    try {
      await page.goto('/');
      await page.getByRole('banner').waitFor();
      let refused = 0;
      await page.route(/\/assets\/SitemapPage-[^/]+\.js$/, async (route) => {
        refused += 1;
        await route.fulfill({ status: 404, body: 'gone' });
      });
      await page
        .locator('footer')
        .getByRole('link', { name: en('nav.sitemap'), exact: true })
        .click();

      const boundary = page.getByTestId('route-error');
      await boundary.getByText(en('routeError.staleTitle')).waitFor();
      // the first failure reloaded the page, the second was shown: two requests, no loop
      expect(refused).toBe(2);
      expect(new URL(page.url()).pathname).toBe('/sitemap');
      await page.getByRole('banner').waitFor();
      await captureScreens(page, 'route-error-stale-en');

      await page.unroute(/\/assets\/SitemapPage-[^/]+\.js$/);
      await boundary.getByRole('button', { name: en('routeError.retry') }).click();
      await page.getByRole('heading', { level: 1, name: en('sitemap.title') }).waitFor();
      expect(await boundary.count()).toBe(0);
      expect(pageErrors.map(String).filter((message) => !/dynamically imported module|Failed to fetch/i.test(message))).toEqual([]);
    } finally {
      await close();
    }
  });
});
