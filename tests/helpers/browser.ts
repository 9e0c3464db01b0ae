import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { describe, test } from 'vitest';

/** Debian's package installs /usr/bin/chromium; the others cover Ubuntu and Google builds. */
const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/**
 * Flags for a headless Chromium in a container: running as root needs --no-sandbox, and the
 * rest keep the browser from phoning home (updates, sync, QUIC probes) while a test runs.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const LOCALES_DIR = fileURLToPath(new URL('../../client/src/i18n/locales/', import.meta.url));

export const SCREENSHOT_DIR = fileURLToPath(new URL('../e2e/__screenshots__/', import.meta.url));

/** The widths every key screen is captured at (engineering rule E-13: phone and desktop). */
export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

export type ChromiumLookup = { found: true; path: string } | { found: false; reason: string };

export function findChromium(env: NodeJS.ProcessEnv = process.env): ChromiumLookup {
  const configured = env.CHROMIUM_PATH;
  if (configured) {
    return existsSync(configured) ? { found: true, path: configured } : { found: false, reason: `CHROMIUM_PATH=${configured} does not exist` };
  }
  const path = CHROMIUM_CANDIDATES.find((candidate) => existsSync(candidate));
  if (path) return { found: true, path };
  return {
    found: false,
    reason: `no Chromium at ${CHROMIUM_CANDIDATES.join(', ')}: install it (apt-get install -y chromium) or set CHROMIUM_PATH`,
  };
}

/** CI sets CURIO_REQUIRE_BROWSER=1 so a missing browser fails the run instead of skipping silently. */
export function browserRequired(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.CURIO_REQUIRE_BROWSER === '1';
}

/**
 * A describe block that runs in Chromium when one is installed. Without one it is skipped with
 * the reason printed, unless CURIO_REQUIRE_BROWSER=1, where it becomes a failing test instead.
 */
export function describeInBrowser(name: string, body: (chromiumPath: string) => void): void {
  const lookup = findChromium();
  if (lookup.found) {
    describe(name, () => body(lookup.path));
    return;
  }
  if (browserRequired()) {
    describe(name, () => {
      test('Chromium is available (CURIO_REQUIRE_BROWSER=1)', () => {
        throw new Error(`browser tests are required but cannot run: ${lookup.reason}`);
      });
    });
    return;
  }
  console.warn(`[e2e] skipping "${name}": ${lookup.reason}`);
  describe.skip(name, () => body(''));
}

export function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
}

export interface PageOptions {
  baseUrl: string;
  /** Written to localStorage 'language' before the app first loads. */
  language?: string;
  /** Written to localStorage 'theme' before the app first loads. */
  theme?: 'light' | 'dark' | 'system';
  viewport?: { width: number; height: number };
}

export interface BrowserPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught exceptions thrown in the page so far: a screen that throws is a failing screen. */
  pageErrors: Error[];
  close: () => Promise<void>;
}

/** A fresh browser context (own cookies and storage) with one page, preferences preset. */
export async function openPage(browser: Browser, options: PageOptions): Promise<BrowserPage> {
  const localStorage: { name: string; value: string }[] = [];
  if (options.language) localStorage.push({ name: 'language', value: options.language });
  if (options.theme) localStorage.push({ name: 'theme', value: options.theme });
  const context = await browser.newContext({
    baseURL: options.baseUrl,
    viewport: options.viewport ?? VIEWPORTS.desktop,
    // a fixed light preference keeps 'system' from depending on the machine running the tests
    colorScheme: 'light',
    storageState: { cookies: [], origins: [{ origin: options.baseUrl, localStorage }] },
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  return { context, page, pageErrors, close: () => context.close() };
}

/**
 * Saves `<name>-390.png` and `<name>-1280.png` under tests/e2e/__screenshots__/ for a person
 * to look at, then restores the page's viewport. The whole page is captured by growing the
 * viewport to the page's height rather than with `fullPage`, which would paint fixed bars
 * (phone bottom bar, support button) in the middle of the picture.
 */
export async function captureScreens(page: Page, name: string): Promise<void> {
  // CI has nobody to look at them and little time: `.ci/run` sets this; the checks around each
  // capture (the language, theme and text the test waits for) still run
  if (process.env.CURIO_SKIP_SCREENSHOTS === '1') return;
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const original = page.viewportSize();
  for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
    await page.setViewportSize(viewport);
    // let layout and transitions settle after the resize before measuring
    await page.waitForTimeout(250);
    const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, pageHeight) });
    await page.waitForTimeout(100);
    // a tall page on a busy machine can take longer than an action's timeout to paint; a picture is no assertion
    await page.screenshot({ path: `${SCREENSHOT_DIR}${name}-${viewport.width}.png`, timeout: 60_000 });
  }
  if (original) await page.setViewportSize(original);
}

/**
 * The text the UI shows for `namespace:key.path` in a language, read from the client's own
 * translation files, so tests find controls by what a person reads and survive rewording.
 */
export function uiText(language: string, key: string, params: Record<string, string | number> = {}): string {
  const [namespace, path] = key.includes(':') ? (key.split(':', 2) as [string, string]) : ['common', key];
  const bundle = JSON.parse(readFileSync(`${LOCALES_DIR}${language}/${namespace}.json`, 'utf8')) as unknown;
  let value: unknown = bundle;
  for (const part of path.split('.')) {
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[part] : undefined;
  }
  if (typeof value !== 'string') throw new Error(`no text for ${language} ${namespace}:${path}`);
  return value.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** A pattern matching the text of `key` whatever its {{placeholders}} are filled with. */
export function uiTextPattern(language: string, key: string): RegExp {
  const template = uiText(language, key);
  const parts = template.split(/\{\{\s*\w+\s*\}\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.+')}$`);
}
