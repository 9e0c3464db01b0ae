import type { Browser, Page } from 'playwright-core';
import { expect, test, vi } from '../helpers/fixtures.ts';
import { captureScreens, describeInBrowser, openPage, uiText, uiTextPattern, VIEWPORTS } from '../helpers/browser.ts';
import type { E2EServer } from '../helpers/e2e-server.ts';
import { E2E_PASSWORD, signUpInPage } from '../helpers/e2e-marketplace.ts';
import { insertTestUser } from '../helpers/users.ts';
import { putSetting } from '../../server/src/domain/settings/settings.ts';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 300_000 });

const LANGUAGES = ['zh-CN', 'en'] as const;

/** The page footer (the phone bottom bar is a <footer> too, without the sitemap link). */
function siteFooter(page: Page, language: string) {
  return page.locator('footer').filter({ has: page.getByRole('link', { name: uiText(language, 'common:nav.sitemap'), exact: true }) });
}

/**
 * The app shell between screens (rules I-7, I-9, I-17, I-18, S-1 and C-11): where the welcome
 * toast appears on a phone, the one own-profile page and its default tab, the links the route
 * table names without a screen, the footer's support link, and the scroll position and focus
 * after a route change.
 */
describeInBrowser('navigation between screens, in the browser', () => {
  let server: E2EServer;
  let browser: Browser;

  test.beforeAll(async ({ e2eServer, browser: launched }) => {
    server = e2eServer;
    browser = launched;
  });

  test.each(LANGUAGES)('the welcome toast after signing in on a phone leaves the top bar visible (%s)', async (language) => {
    const text = (key: string, params?: Record<string, string>) => uiText(language, key, params);
    const { page, context, pageErrors, close } = await openPage(browser, { baseUrl: server.url, language, viewport: VIEWPORTS.phone });
    try {
      const member = await signUpInPage(page, `toast-${language}`);
      await context.clearCookies();
      await page.goto('/auth?mode=signin');
      await page.getByRole('textbox', { name: text('auth:fields.email'), exact: true }).fill(member.email);
      await page.getByRole('textbox', { name: text('auth:fields.password'), exact: true }).fill(E2E_PASSWORD);
      await page.getByRole('button', { name: text('auth:actions.signin'), exact: true }).click();
      const welcome = new RegExp(uiTextPattern(language, 'auth:toasts.welcome').source.replace(/^\^|\$$/g, ''));
      const toast = page.getByRole('alert').filter({ hasText: welcome });
      // signing in hashes the password with argon2id: slow on a busy machine
      await toast.first().waitFor({ timeout: 30_000 });
      const bar = await page.getByRole('banner').boundingBox();
      const shown = await toast.first().boundingBox();
      expect(bar).not.toBeNull();
      expect(shown).not.toBeNull();
      // the toast starts below the top bar, so the bar's controls stay visible and usable
      expect(shown!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height);
      await captureScreens(page, `welcome-toast-${language}`);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  test.each(LANGUAGES)('/profile and /profile/{own id} are one page with the same tabs, listings first (%s)', async (language) => {
    const text = (key: string) => uiText(language, key);
    const other = await insertTestUser(server.db.db, { nickname: `Other ${language}` });
    const { page, pageErrors, close } = await openPage(browser, { baseUrl: server.url, language });
    const tabNames = async () => page.getByRole('tab').allInnerTexts();
    const selectedTab = async () => page.getByRole('tab', { selected: true }).innerText();
    try {
      const member = await signUpInPage(page, `profile-${language}`);
      await page.goto('/profile');
      await page.getByRole('tab', { name: text('profiles:tabs.listings'), selected: true }).waitFor();
      const ownTabs = await tabNames();
      expect(ownTabs[0]).toBe(text('profiles:tabs.listings'));
      expect(ownTabs).toContain(text('profiles:tabs.rewards'));
      expect(ownTabs).toContain(text('profiles:tabs.following'));
      await captureScreens(page, `profile-own-${language}`);

      await page.goto(`/profile/${member.id}`);
      await page.getByRole('tab', { name: text('profiles:tabs.listings'), selected: true }).waitFor();
      expect(await tabNames()).toEqual(ownTabs);
      expect(await selectedTab()).toBe(text('profiles:tabs.listings'));

      // the tab lives in the URL, as on every tabbed page, and the default leaves it out
      await page.getByRole('tab', { name: text('profiles:tabs.activities') }).click();
      await page.waitForURL((url) => url.searchParams.get('tab') === 'activities');
      await page.reload();
      await page.getByRole('tab', { name: text('profiles:tabs.activities'), selected: true }).waitFor();
      await page.getByRole('tab', { name: text('profiles:tabs.listings') }).click();
      await page.waitForURL((url) => !url.searchParams.has('tab'));

      // someone else's profile keeps only its two public tabs
      await page.goto(`/profile/${other.id}`);
      await page.getByRole('tab', { name: text('profiles:tabs.listings'), selected: true }).waitFor();
      expect(await tabNames()).toEqual([text('profiles:tabs.listings'), text('profiles:tabs.activities')]);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  test('the links the route table names without a screen lead to the screen and tab they mean', async () => {
    const en = (key: string) => uiText('en', key);
    const { page, pageErrors, close } = await openPage(browser, { baseUrl: server.url, language: 'en' });
    try {
      await signUpInPage(page, 'redirects');
      const cases: { from: string; pathname: string; query?: Record<string, string>; tab?: string }[] = [
        { from: '/recharge-usdt', pathname: '/recharge', query: { tab: 'usdt' }, tab: en('wallet:recharge.tabs.usdt') },
        { from: '/recharge-code', pathname: '/recharge', query: { tab: 'code' }, tab: en('wallet:recharge.tabs.code') },
        { from: '/recharge-with-code', pathname: '/recharge', query: { tab: 'code' }, tab: en('wallet:recharge.tabs.code') },
        { from: '/my-buying-requests', pathname: '/buying-requests/my' },
        { from: '/buying-requests', pathname: '/', query: { type: 'buyingRequest' } },
        { from: '/my-offers', pathname: '/buying-requests/offers' },
        { from: '/settings', pathname: '/profile/edit' },
      ];
      for (const { from, pathname, query = {}, tab } of cases) {
        await page.goto(from);
        await page.waitForURL((url) => url.pathname === pathname && Object.entries(query).every(([key, value]) => url.searchParams.get(key) === value));
        await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor();
        await expect.poll(() => page.getByRole('heading', { name: en('common:notFound.title') }).count()).toBe(0);
        if (tab) await page.getByRole('tab', { name: tab, selected: true }).waitFor();
      }
      // the query of the old link is kept
      await page.goto('/recharge-usdt?from=mail');
      await page.waitForURL((url) => url.pathname === '/recharge' && url.searchParams.get('tab') === 'usdt' && url.searchParams.get('from') === 'mail');
      for (const language of LANGUAGES) {
        await page.evaluate((lng) => localStorage.setItem('language', lng), language);
        await page.goto('/recharge-usdt');
        await page.getByRole('tab', { name: uiText(language, 'wallet:recharge.tabs.usdt'), selected: true }).waitFor();
        await captureScreens(page, `redirect-recharge-usdt-${language}`);
      }
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  test.each(LANGUAGES)('the footer offers contacting support only while customer service is on, and opens the support chat (%s)', async (language) => {
    const text = (key: string) => uiText(language, key);
    const support = await insertTestUser(server.db.db, { admin: true, nickname: `Support ${language}` });
    await putSetting(server.db.db, 'customer_service_admin_id', support.id, null, new Date());
    await putSetting(server.db.db, 'customer_service_enabled', false, null, new Date());
    const { page, pageErrors, close } = await openPage(browser, { baseUrl: server.url, language });
    const footerContact = () => siteFooter(page, language).getByText(text('common:footer.contact'), { exact: true });
    try {
      await signUpInPage(page, `footer-${language}`);
      await page.goto('/');
      await siteFooter(page, language).waitFor();
      expect(await footerContact().count()).toBe(0);
      await siteFooter(page, language).scrollIntoViewIfNeeded();
      await captureScreens(page, `footer-support-off-${language}`);

      await putSetting(server.db.db, 'customer_service_enabled', true, null, new Date());
      // a fresh load reads the settings again
      await page.goto('/');
      await footerContact().click();
      await page.waitForURL((url) => url.pathname === '/messages' && url.searchParams.get('userId') === support.id);
      await page.getByRole('main').getByText(`Support ${language}`).first().waitFor();
      expect(pageErrors).toEqual([]);
    } finally {
      await putSetting(server.db.db, 'customer_service_enabled', true, null, new Date());
      await close();
    }
  });

  test.each(LANGUAGES)('a new screen opens at its top with focus on its heading; back and forward restore the position (%s)', async (language) => {
    const text = (key: string) => uiText(language, key);
    const { page, pageErrors, close } = await openPage(browser, { baseUrl: server.url, language, viewport: VIEWPORTS.phone });
    const scrollY = () => page.evaluate(() => window.scrollY);
    const focused = () => page.evaluate(() => ({ tag: document.activeElement?.tagName ?? '', text: document.activeElement?.textContent ?? '' }));
    try {
      await page.goto('/sitemap');
      await page.getByRole('heading', { level: 1, name: text('common:sitemap.title') }).waitFor();
      // nothing moves focus on the first load: the browser starts at the top of the document
      expect((await focused()).tag).toBe('BODY');
      // a link halfway down the page, with page enough below it that the position is not the end
      const authLink = page.getByRole('main').getByRole('link', { name: text('common:sitemap.links.auth'), exact: true });
      await authLink.evaluate((link) => link.scrollIntoView({ block: 'center' }));
      const sitemapY = await scrollY();
      expect(sitemapY).toBeGreaterThan(300);

      // clicked, the next screen starts at its top with its heading focused
      await authLink.click();
      await page.waitForURL((url) => url.pathname === '/auth');
      await expect.poll(focused).toEqual({ tag: 'H1', text: expect.any(String) as string });
      expect(await scrollY()).toBe(0);
      // focus moved after a pointer click shows no ring
      expect(await page.evaluate(() => document.activeElement?.matches(':focus-visible'))).toBe(false);
      await captureScreens(page, `route-change-top-${language}`);
      await page.evaluate(() => window.scrollTo(0, 150));
      const authY = await scrollY();
      expect(authY).toBe(150);

      // back returns to where the reader was, forward too
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/sitemap');
      await expect.poll(scrollY).toBe(sitemapY);
      await expect.poll(focused).toEqual({ tag: 'H1', text: text('common:sitemap.title') });
      await page.goForward();
      await page.waitForURL((url) => url.pathname === '/auth');
      await expect.poll(scrollY).toBe(authY);

      // a keyboard user lands on the heading too, and sees where focus went
      await page.goto('/sitemap');
      await page.getByRole('heading', { level: 1, name: text('common:sitemap.title') }).waitFor();
      await siteFooter(page, language)
        .getByRole('link', { name: text('common:nav.home'), exact: true })
        .focus();
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/');
      await expect.poll(focused).toEqual({ tag: 'H1', text: expect.any(String) as string });
      expect(await scrollY()).toBe(0);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});
