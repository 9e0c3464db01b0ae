import type { Browser } from 'playwright-core';
import { expect, test, vi } from '../helpers/fixtures.ts';
import { BRAND } from '../../shared/src/brand.ts';
import { captureScreens, describeInBrowser, openPage } from '../helpers/browser.ts';
import type { E2EServer } from '../helpers/e2e-server.ts';

// a cold client build plus a browser start can outlast the unit-test defaults on two cores
vi.setConfig({ testTimeout: 60_000, hookTimeout: 300_000 });

describeInBrowser('the built app in Chromium', () => {
  let server: E2EServer;
  let browser: Browser;

  test.beforeAll(async ({ e2eServer, browser: launched }) => {
    server = e2eServer;
    browser = launched;
  });

  test('the server answers its health check', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  test('the home page renders the app shell under the brand title, in zh-CN by default', async () => {
    const { page, pageErrors, close } = await openPage(browser, { baseUrl: server.url });
    try {
      const response = await page.goto('/');
      expect(response?.status()).toBe(200);
      await page.getByRole('banner').waitFor();
      expect(await page.title()).toContain(BRAND);
      expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN');
      await captureScreens(page, 'home-zh-CN-light');
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  /** 304 answers to GETs under /trpc so far, from the server's own metrics (only the feed's GET answers 304 there). */
  async function notModifiedTrpcAnswers(): Promise<number> {
    const text = await (await fetch(`${server.url}/metrics`)).text();
    const line = text
      .split('\n')
      .find(
        (row) =>
          row.startsWith('curio_http_request_duration_seconds_count{') &&
          row.includes('route="trpc"') &&
          row.includes('method="GET"') &&
          row.includes('status="3xx"'),
      );
    return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
  }

  test('the home feed is a GET of its own, and a reload revalidates it with 304 from the shared cache (ADR 0039)', async () => {
    const { page, pageErrors, close } = await openPage(browser, { baseUrl: server.url, language: 'en' });
    try {
      const feedAnswers: { status: number; url: string }[] = [];
      page.on('response', (response) => {
        if (new URL(response.url()).pathname.includes('marketplace.feed.page')) feedAnswers.push({ status: response.status(), url: response.url() });
      });
      await page.goto('/');
      await expect.poll(() => feedAnswers.length).toBeGreaterThan(0);
      const [first] = feedAnswers;
      // alone, not batched with the page's other queries
      expect(new URL(first!.url).pathname).toBe('/trpc/marketplace.feed.page');
      expect(first!.status).toBe(200);

      // the browser shows a revalidated answer as its cached 200; the server counts the 304 it sent
      const before = await notModifiedTrpcAnswers();
      await page.reload();
      await expect.poll(() => feedAnswers.length).toBeGreaterThan(1);
      await expect.poll(notModifiedTrpcAnswers).toBe(before + 1);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  test('an unknown client route is served by the SPA, which renders its own page', async () => {
    const { page, pageErrors, close } = await openPage(browser, { baseUrl: server.url, language: 'en' });
    try {
      const response = await page.goto('/no-such-page-anywhere');
      expect(response?.status()).toBe(200);
      await page.getByRole('banner').waitFor();
      expect(await page.locator('#root').innerText()).not.toBe('');
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});
