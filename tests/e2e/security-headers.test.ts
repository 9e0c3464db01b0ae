import type { Browser } from 'playwright-core';
import { expect, test, vi } from '../helpers/fixtures.ts';
import { describeInBrowser, openPage } from '../helpers/browser.ts';
import type { E2EServer } from '../helpers/e2e-server.ts';
import { signUpInPage } from '../helpers/e2e-marketplace.ts';
import { insertListing } from '../integration/orders/support.ts';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 300_000 });

/**
 * The app runs under its Content-Security-Policy (server/src/http/security-headers.ts, ADR
 * 0026): the main screens, for a member and an admin, in light and dark, load without a single
 * violation, and the headers say what they should.
 */
const SCREENS = ['/', '/auth', '/create', '/messages', '/notifications', '/recharge', '/withdrawal', '/profile', '/curio-center', '/admin'];

describeInBrowser('the Content-Security-Policy in the browser', () => {
  let server: E2EServer;
  let browser: Browser;

  test.beforeAll(async ({ e2eServer, browser: launched }) => {
    server = e2eServer;
    browser = launched;
  });

  test('headers of the page and of the API', async () => {
    for (const path of ['/', '/trpc/auth.me']) {
      const response = await fetch(`${server.url}${path}`);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).not.toContain('unsafe-eval');
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      // plain http: no HSTS, which would lock a laptop's browser out of http://localhost
      expect(response.headers.get('strict-transport-security'), path).toBeNull();
    }
    const html = await (await fetch(server.url)).text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`the main screens load with no violation (${theme})`, async () => {
      const { page, pageErrors, close } = await openPage(browser, { baseUrl: server.url, language: 'en', theme });
      const violations: string[] = [];
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
        });
      });
      page.on('console', (message) => {
        const text = message.text();
        if (/Content Security Policy|CSP violation/i.test(text)) violations.push(`${page.url()}: ${text}`);
      });
      try {
        await page.goto('/');
        const member = await signUpInPage(page, `csp-${theme}`);
        await server.db.db.insertInto('user_roles').values({ user_id: member.id, role: 'admin' }).execute();
        const listingId = await insertListing(server.db.db, member.id, { title: 'Celadon bowl' });
        for (const path of [...SCREENS, `/listing/${listingId}`]) {
          await page.goto(path);
          await page.waitForLoadState('networkidle');
        }
        expect(violations).toEqual([]);
        expect(pageErrors).toEqual([]);
      } finally {
        await close();
      }
    });
  }
});
