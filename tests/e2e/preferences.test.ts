import type { Browser, Page } from 'playwright-core';
import { expect, test, vi } from '../helpers/fixtures.ts';
import { LANGUAGE_NAMES } from '../../client/src/features/language/language-names.ts';
import { captureScreens, describeInBrowser, openPage, uiText } from '../helpers/browser.ts';
import type { E2EServer } from '../helpers/e2e-server.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

function storedPreference(page: Page, key: 'language' | 'theme'): Promise<string | null> {
  return page.evaluate((storageKey) => localStorage.getItem(storageKey), key);
}

function colorScheme(page: Page): Promise<string | null> {
  return page.locator('html').getAttribute('data-mantine-color-scheme');
}

/** The top bar's login button, whose text is the quickest sign of the interface language. */
function loginLink(page: Page, language: string) {
  return page.getByRole('banner').getByRole('link', { name: uiText(language, 'nav.login'), exact: true });
}

async function chooseLanguage(page: Page, from: string, to: keyof typeof LANGUAGE_NAMES): Promise<void> {
  await page
    .getByRole('banner')
    .getByRole('button', { name: `${uiText(from, 'language.label')}: ${LANGUAGE_NAMES[from as keyof typeof LANGUAGE_NAMES]}` })
    .click();
  await page.getByRole('menuitemradio', { name: LANGUAGE_NAMES[to] }).click();
}

async function chooseTheme(page: Page, language: string, to: 'light' | 'dark'): Promise<void> {
  await page
    .getByRole('banner')
    .getByRole('button', { name: new RegExp(`^${uiText(language, 'theme.label')}: `) })
    .click();
  await page.getByRole('menuitemradio', { name: uiText(language, `theme.${to}`) }).click();
}

describeInBrowser('language and theme preferences, in the browser', () => {
  let server: E2EServer;
  let browser: Browser;

  test.beforeAll(async ({ e2eServer, browser: launched }) => {
    server = e2eServer;
    browser = launched;
  });

  test('switching to English changes the interface and survives a reload; switching back restores zh-CN', async () => {
    const { page, pageErrors, close } = await openPage(browser, { baseUrl: server.url });
    try {
      await page.goto('/');
      await loginLink(page, 'zh-CN').waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN');

      await chooseLanguage(page, 'zh-CN', 'en');
      await loginLink(page, 'en').waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('en');
      expect(await storedPreference(page, 'language')).toBe('en');
      await captureScreens(page, 'home-en-light');

      await page.reload();
      await loginLink(page, 'en').waitFor();

      await chooseLanguage(page, 'en', 'zh-CN');
      await loginLink(page, 'zh-CN').waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN');
      expect(await storedPreference(page, 'language')).toBe('zh-CN');
      await page.reload();
      await loginLink(page, 'zh-CN').waitFor();

      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  test('switching to dark sets the colour scheme and survives a reload; switching back restores light', async () => {
    const { page, pageErrors, close } = await openPage(browser, { baseUrl: server.url, language: 'en' });
    try {
      await page.goto('/');
      await loginLink(page, 'en').waitFor();
      expect(await colorScheme(page)).toBe('light');

      await chooseTheme(page, 'en', 'dark');
      await page.waitForFunction(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark');
      expect(await storedPreference(page, 'theme')).toBe('dark');
      await captureScreens(page, 'home-en-dark');

      await page.reload();
      await loginLink(page, 'en').waitFor();
      expect(await colorScheme(page)).toBe('dark');

      await page.goto('/auth');
      await captureScreens(page, 'auth-sign-in-en-dark');

      await chooseTheme(page, 'en', 'light');
      await page.waitForFunction(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'light');
      expect(await storedPreference(page, 'theme')).toBe('light');
      await page.reload();
      expect(await colorScheme(page)).toBe('light');

      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  test('the sign-in page in zh-CN, dark, at both widths', async () => {
    const { page, pageErrors, close } = await openPage(browser, { baseUrl: server.url, theme: 'dark' });
    try {
      await page.goto('/auth');
      await page.getByRole('tab', { name: uiText('zh-CN', 'auth:modes.signin') }).waitFor();
      expect(await colorScheme(page)).toBe('dark');
      await captureScreens(page, 'auth-sign-in-zh-CN-dark');
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});
