import type { Browser, Page } from 'playwright-core';
import { expect, test, vi } from '../helpers/fixtures.ts';
import { captureScreens, describeInBrowser, openPage, uiText, uiTextPattern } from '../helpers/browser.ts';
import type { E2EServer } from '../helpers/e2e-server.ts';
import { fundPoints, mutateInPage, signUpInPage, type ImageFiles } from '../helpers/e2e-marketplace.ts';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 300_000 });

const EN = 'en';
const ZH = 'zh-CN';
const en = (key: string, params?: Record<string, string | number>) => uiText(EN, key, params);

const TITLE = '青铜怀表 Brass pocket watch';
const OTHER_TITLE = '橡木书桌 Oak writing desk';

describeInBrowser('publishing a listing and finding it again, in the browser', () => {
  let server: E2EServer;
  let browser: Browser;
  let images: ImageFiles;

  test.beforeAll(async ({ e2eServer, browser: launched, testImages }) => {
    server = e2eServer;
    browser = launched;
    images = testImages;
  });

  function searchBox(page: Page, language: string) {
    return page.getByRole('searchbox', { name: uiText(language, 'feed:searchLabel') });
  }

  /** Types a query, lets the 300 ms debounce settle into the URL, and waits for that result page. */
  async function search(page: Page, language: string, query: string): Promise<void> {
    await searchBox(page, language).fill(query);
    await page.waitForURL((url) => url.searchParams.get('q') === query);
    await page.getByRole('heading', { name: uiText(language, 'feed:resultsTitle', { q: query }) }).waitFor();
    await page.locator('[aria-busy="true"]').waitFor({ state: 'detached' });
  }

  function card(page: Page, title: string) {
    return page.getByRole('link', { name: title });
  }

  test('publishes with two images and two tags, is found by Chinese and English search, and shows them on its page', async () => {
    const { page, pageErrors, close } = await openPage(browser, { baseUrl: server.url, language: EN });
    try {
      await page.goto('/');
      const seller = await signUpInPage(page, 'seller');
      await fundPoints(server, seller.id, 5);
      // a second listing, so a search that finds the watch is seen to leave something out
      await mutateInPage(page, 'marketplace.listings.create', {
        title: OTHER_TITLE,
        description: 'Solid oak, three drawers.',
        category: 'goods',
        unit: 'piece',
        quantity: 1,
        priceCents: 25_000,
        idempotencyKey: `desk-${seller.id}`,
      });

      await page.goto('/create');
      await page.getByRole('textbox', { name: en('publish:form.title'), exact: true }).fill(TITLE);
      await page
        .getByRole('textbox', { name: en('publish:form.description'), exact: true })
        .fill('上世纪黄铜机械怀表，走时准确。A wind-up watch in working order.');
      await page.getByRole('textbox', { name: en('publish:form.price'), exact: true }).fill('88.50');
      await page.locator('input[type="file"]').setInputFiles(images.paths);
      await page.getByRole('img', { name: en('publish:images.alt', { number: 1 }) }).waitFor();
      await page.getByRole('img', { name: en('publish:images.alt', { number: 2 }) }).waitFor();
      const tagInput = page.getByRole('textbox', { name: en('publish:tags.label'), exact: true });
      await tagInput.fill('vintage');
      await tagInput.press('Enter');
      await tagInput.fill('怀表');
      await tagInput.press('Enter');
      const addedTags = page.getByRole('list', { name: en('publish:tags.listLabel') }).getByRole('listitem');
      await expect.poll(() => addedTags.allTextContents()).toEqual(['#vintage', '#怀表']);
      await page.getByText(uiTextPattern(EN, 'publish:cost.balance_other')).waitFor();
      await captureScreens(page, 'marketplace-publish-form-en');

      await page.getByRole('button', { name: en('publish:form.publish'), exact: true }).click();
      await page.waitForURL(`${server.url}/`);
      await page.getByText(en('publish:form.published')).first().waitFor();

      // unfiltered, the feed holds both listings
      await card(page, TITLE).waitFor();
      await card(page, OTHER_TITLE).waitFor();

      // the previous page of results may stay on screen while the new one loads, hence the polls
      await search(page, EN, '怀表');
      await card(page, TITLE).waitFor();
      await expect.poll(() => card(page, OTHER_TITLE).count()).toBe(0);

      await search(page, EN, 'pocket watch');
      await card(page, TITLE).waitFor();
      await expect.poll(() => card(page, OTHER_TITLE).count()).toBe(0);
      await captureScreens(page, 'marketplace-search-en');

      await card(page, TITLE).click();
      await page.waitForURL(/\/listing\/[0-9a-f-]{36}$/);
      await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
      const thumbnails = page.getByRole('group', { name: en('listing:gallery.thumbnails') }).getByRole('button');
      await expect.poll(() => thumbnails.count()).toBe(2);
      await page.getByRole('button', { name: en('listing:gallery.show', { number: 2 }) }).click();
      await page.getByRole('img', { name: en('listing:gallery.imageAlt', { title: TITLE, number: 2, count: 2 }) }).waitFor();
      const tags = page.getByLabel(en('listing:tags'), { exact: true });
      await tags.getByText('#vintage', { exact: true }).waitFor();
      await tags.getByText('#怀表', { exact: true }).waitFor();
      const listingPath = new URL(page.url()).pathname;
      await captureScreens(page, 'marketplace-listing-detail-en');

      // a visitor reading Chinese finds the same listing and sees the same page
      const visitor = await openPage(browser, { baseUrl: server.url, language: ZH });
      try {
        await visitor.page.goto('/');
        await search(visitor.page, ZH, '怀表');
        await card(visitor.page, TITLE).waitFor();
        await captureScreens(visitor.page, 'marketplace-search-zh-CN');
        await visitor.page.goto(listingPath);
        await visitor.page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
        await visitor.page.getByLabel(uiText(ZH, 'listing:tags'), { exact: true }).getByText('#vintage').waitFor();
        await captureScreens(visitor.page, 'marketplace-listing-detail-zh-CN');
        expect(visitor.pageErrors).toEqual([]);
      } finally {
        await visitor.close();
      }

      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});
