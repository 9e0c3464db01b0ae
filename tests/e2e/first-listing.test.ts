import type { Browser, Page } from 'playwright-core';
import { LIMITS, POINTS_RULES } from '@curio/shared';
import { expect, test, vi } from '../helpers/fixtures.ts';
import { captureScreens, describeInBrowser, openPage, uiText } from '../helpers/browser.ts';
import type { E2EServer } from '../helpers/e2e-server.ts';
import { fundUsdn, mutateInPage, signUpInPage } from '../helpers/e2e-marketplace.ts';
import { insertTestUser, TEST_PASSWORD } from '../helpers/users.ts';
import { insertListing } from '../integration/orders/support.ts';
import { getBalances } from '../../server/src/domain/ledger/index.ts';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 300_000 });

const EN = 'en';
const ZH = 'zh-CN';
const en = (key: string, params?: Record<string, string | number>) => uiText(EN, key, params);
type Look = readonly [language: string, theme: 'light' | 'dark'];
const LOOKS: readonly Look[] = [
  [EN, 'light'],
  [ZH, 'dark'],
  [EN, 'dark'],
  [ZH, 'light'],
];

/** Switches the stored language and theme and reloads, as the pickers would leave them. */
async function showIn(page: Page, [language, theme]: Look): Promise<void> {
  await page.evaluate(
    ([lng, look]) => {
      localStorage.setItem('language', lng);
      localStorage.setItem('theme', look);
    },
    [language, theme] as const,
  );
  await page.reload();
}

/** The plural form i18next picks for `count` (English has a singular; Chinese has one form). */
function plural(language: string, key: string, count: number): string {
  return `${key}_${language === EN && count === 1 ? 'one' : 'other'}`;
}

/** The supply tab's cost bar, once it shows the balance. */
async function costBar(page: Page, language: string, points: number) {
  const bar = page.getByTestId('publish-cost');
  await bar.getByText(uiText(language, plural(language, 'publish:cost.balance', points), { points }), { exact: true }).waitFor();
  return bar;
}

describeInBrowser("a new member's first listing, and one open complaint per order, in the browser", () => {
  let server: E2EServer;
  let browser: Browser;

  test.beforeAll(async ({ e2eServer, browser: launched }) => {
    server = e2eServer;
    browser = launched;
  });

  test('/create shows the cost, the welcome points and the check-in at the top; checking in there adds to the balance', async () => {
    const session = await openPage(browser, { baseUrl: server.url, language: EN });
    try {
      const member = await signUpInPage(session.page, 'first-listing');
      const welcome = POINTS_RULES.welcomePoints;
      expect((await getBalances(server.db.db, member.id)).points).toBe(welcome);
      await session.page.goto('/create');
      for (const look of LOOKS) {
        await showIn(session.page, look);
        const bar = await costBar(session.page, look[0], welcome);
        const cost = LIMITS.publishListingPointsCost;
        await bar.getByText(uiText(look[0], plural(look[0], 'publish:cost.title', cost), { count: cost }), { exact: true }).waitFor();
        await bar.getByRole('button', { name: uiText(look[0], 'points:checkIn.button', { points: 1 }) }).waitFor();
        await captureScreens(session.page, `create-new-member-${look[0]}-${look[1]}`);
      }

      await showIn(session.page, [EN, 'light']);
      const bar = await costBar(session.page, EN, welcome);
      await bar.getByRole('button', { name: en('points:checkIn.button', { points: 1 }) }).click();
      await costBar(session.page, EN, welcome + 1);
      await bar.getByText(en('points:checkIn.doneToday'), { exact: true }).waitFor();
      expect((await getBalances(server.db.db, member.id)).points).toBe(welcome + 1);
      // the publish button is free to use and nothing stands beside it
      await expect.poll(() => session.page.getByRole('button', { name: en('publish:form.publish'), exact: true }).isEnabled()).toBe(true);
      expect(await session.page.getByTestId('submit-reason').count()).toBe(0);
      await captureScreens(session.page, 'create-new-member-checked-in-en-light');
      await showIn(session.page, [ZH, 'dark']);
      await (await costBar(session.page, ZH, welcome + 1)).getByText(uiText(ZH, 'points:checkIn.doneToday'), { exact: true }).waitFor();
      await captureScreens(session.page, 'create-new-member-checked-in-zh-CN-dark');
      expect(session.pageErrors).toEqual([]);
    } finally {
      await session.close();
    }
  });

  test('without points the submit is disabled with its reason beside it, and the check-in on the page fixes it', async () => {
    // an account verified before welcome points existed: no points at all
    const member = await insertTestUser(server.db.db, { nickname: 'No points yet' });
    const session = await openPage(browser, { baseUrl: server.url, language: EN });
    try {
      await session.page.goto('/');
      await mutateInPage(session.page, 'auth.signIn', { email: member.email, password: TEST_PASSWORD });
      await session.page.goto('/create');
      for (const look of [LOOKS[0]!, LOOKS[1]!]) {
        const [language] = look;
        await showIn(session.page, look);
        const bar = await costBar(session.page, language, 0);
        await bar.getByText(uiText(language, 'publish:cost.shortCheckIn', { points: 1 })).waitFor();
        const publish = session.page.getByRole('button', { name: uiText(language, 'publish:form.publish'), exact: true });
        expect(await publish.isDisabled()).toBe(true);
        const reason = session.page.getByTestId('submit-reason');
        await reason.getByText(uiText(language, 'publish:form.notEnoughPoints', { cost: LIMITS.publishListingPointsCost, points: 0 })).waitFor();
        // the reason is the button's description for screen readers too
        expect(await publish.getAttribute('aria-describedby')).toBe(await reason.getAttribute('id'));
        await captureScreens(session.page, `create-no-points-${look[0]}-${look[1]}`);
      }

      await showIn(session.page, [EN, 'light']);
      const bar = await costBar(session.page, EN, 0);
      await bar.getByRole('button', { name: en('points:checkIn.button', { points: 1 }) }).click();
      await costBar(session.page, EN, 1);
      await expect.poll(() => session.page.getByRole('button', { name: en('publish:form.publish'), exact: true }).isEnabled()).toBe(true);
      expect(await session.page.getByTestId('submit-reason').count()).toBe(0);
      expect(session.pageErrors).toEqual([]);
    } finally {
      await session.close();
    }
  });

  test('the order page shows the open complaint instead of offering a second one', async () => {
    const sellerSession = await openPage(browser, { baseUrl: server.url, language: EN });
    const session = await openPage(browser, { baseUrl: server.url, language: EN });
    try {
      const seller = await signUpInPage(sellerSession.page, 'complaint-seller');
      const buyer = await signUpInPage(session.page, 'complaint-buyer');
      await fundUsdn(server, buyer.id, 10_000);
      const listingId = await insertListing(server.db.db, seller.id, { title: 'Pressed flower album', images: [] });
      const { orderId } = await mutateInPage<{ orderId: string }>(session.page, 'orders.purchase', {
        listingId,
        quantity: 1,
        idempotencyKey: `e2e-${crypto.randomUUID()}`,
      });

      await session.page.goto(`/orders/${orderId}`);
      await session.page.getByRole('button', { name: en('orders:actions.complain') }).click();
      const dialog = session.page.getByRole('dialog', { name: en('orders:complaint.title') });
      await dialog.getByRole('textbox', { name: en('orders:complaint.reason') }).fill('Two pages of the album are torn.');
      await dialog.getByRole('button', { name: en('orders:complaint.submit') }).click();
      await session.page.getByText(en('orders:complaint.done')).first().waitFor();
      await session.page.getByTestId('complaint-open-note').getByText(en('orders:complaint.openNote')).waitFor();
      expect(await session.page.getByRole('button', { name: en('orders:actions.complain') }).count()).toBe(0);
      await session.page.getByText(en('orders:complaint.status.pending'), { exact: true }).waitFor();
      expect(await server.db.db.selectFrom('complaints').select('id').where('order_id', '=', orderId).execute()).toHaveLength(1);

      for (const look of [LOOKS[0]!, LOOKS[1]!]) {
        await showIn(session.page, look);
        await session.page.getByTestId('complaint-open-note').getByText(uiText(look[0], 'orders:complaint.openNote')).waitFor();
        await captureScreens(session.page, `order-open-complaint-${look[0]}-${look[1]}`);
      }
      expect(session.pageErrors).toEqual([]);
    } finally {
      await session.close();
      await sellerSession.close();
    }
  });
});
