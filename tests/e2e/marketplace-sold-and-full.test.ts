import type { Locator, Page } from 'playwright-core';
import { expect, test, vi } from '../helpers/fixtures.ts';
import { captureScreens, describeInBrowser, openPage, uiText } from '../helpers/browser.ts';
import type { E2EServer } from '../helpers/e2e-server.ts';
import { fundPoints, mutateInPage, signUpInPage } from '../helpers/e2e-marketplace.ts';
import type { Browser } from 'playwright-core';

vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });

const EN = 'en';
const ZH = 'zh-CN';
const en = (key: string, params?: Record<string, string | number>) => uiText(EN, key, params);

const ON_SALE = '黄铜罗盘 Brass compass';
const SOLD = '古董怀表 Antique pocket watch';
const TAKEN_DOWN = '老邮票 Old stamps';
const WANTED = '求购黄铜六分仪 Brass sextant wanted';

const LOOKS = [
  { language: EN, theme: 'light' },
  { language: EN, theme: 'dark' },
  { language: ZH, theme: 'light' },
  { language: ZH, theme: 'dark' },
] as const;

/** The listing card whose title is `title`. */
function listingCard(page: Page, title: string): Locator {
  return page.locator('[data-status]').filter({ has: page.getByText(title, { exact: true }) });
}

async function setLook(page: Page, look: (typeof LOOKS)[number]): Promise<void> {
  await page.evaluate(({ language, theme }) => {
    localStorage.setItem('language', language);
    localStorage.setItem('theme', theme);
  }, look);
}

describeInBrowser('sold, taken-down and full items stay in their lists, marked, in the browser', () => {
  let server: E2EServer;
  let browser: Browser;

  test.beforeAll(async ({ e2eServer, browser: launched }) => {
    server = e2eServer;
    browser = launched;
  });

  test('favourites show sold and taken-down cards in place; a profile shows its sold listing; a full request stays in the feed', async () => {
    const seller = await openPage(browser, { baseUrl: server.url, language: EN });
    const fan = await openPage(browser, { baseUrl: server.url, language: EN });
    try {
      await seller.page.goto('/');
      const sellerMember = await signUpInPage(seller.page, 'seller');
      await fundPoints(server, sellerMember.id, 5);
      const publish = (title: string, priceCents: number) =>
        mutateInPage<{ id: string }>(seller.page, 'marketplace.listings.create', {
          title,
          description: 'From an old collection.',
          category: 'goods',
          unit: 'piece',
          quantity: 1,
          priceCents,
          idempotencyKey: `${title}-${sellerMember.id}`,
        });
      const onSale = await publish(ON_SALE, 4_200);
      const sold = await publish(SOLD, 18_800);
      const takenDown = await publish(TAKEN_DOWN, 900);
      const request = await mutateInPage<{ id: string }>(seller.page, 'marketplace.buyingRequests.create', {
        title: WANTED,
        description: 'A working marine sextant, any maker.',
        category: 'goods',
        budgetMinCents: 100_00,
        budgetMaxCents: 500_00,
        maxOffersAllowed: 1,
      });

      const { page, pageErrors } = fan;
      await page.goto('/');
      const fanMember = await signUpInPage(page, 'fan');
      await mutateInPage(page, 'marketplace.social.toggleFavorite', { kind: 'listing', id: onSale.id });
      await mutateInPage(page, 'marketplace.social.toggleFavorite', { kind: 'listing', id: takenDown.id });
      // the fan's offer takes the request's only place
      await mutateInPage(page, 'marketplace.offers.create', { requestId: request.id, priceCents: 200_00 });

      // one listing sells out, another is taken down by an admin
      const { db } = server.db;
      await db.updateTable('listings').set({ status: 'sold', quantity: 0, sold_at: new Date() }).where('id', '=', sold.id).execute();
      await db.updateTable('listings').set({ status: 'unavailable' }).where('id', '=', takenDown.id).execute();

      // a sold listing can still be favourited from its page
      await page.goto(`/listing/${sold.id}`);
      await page.getByRole('heading', { level: 1, name: SOLD }).waitFor();
      await page.getByRole('button', { name: en('social:favorite.label', { count: 0 }), exact: true }).click();
      await page.getByRole('button', { name: en('social:favorite.undoLabel', { count: 1 }), exact: true }).waitFor();
      await expect.poll(async () => (await db.selectFrom('user_favorites').select('listing_id').where('user_id', '=', fanMember.id).execute()).length).toBe(3);

      // favourites: the sold card has its overlay and a disabled buy action; the taken-down one is marked and leads nowhere
      await page.goto(`/profile/${fanMember.id}?tab=favorites`);
      await listingCard(page, SOLD).waitFor();
      const soldCard = listingCard(page, SOLD);
      expect(await soldCard.getByText(en('home:card.soldOut'), { exact: true }).count()).toBe(2);
      expect(await soldCard.getByRole('button', { name: en('home:card.soldOut'), exact: true }).isDisabled()).toBe(true);
      const downCard = listingCard(page, TAKEN_DOWN);
      await downCard.getByText(en('home:card.unavailable'), { exact: true }).waitFor();
      expect(await page.getByRole('link', { name: TAKEN_DOWN }).count()).toBe(0);
      expect(await downCard.getByRole('img').count()).toBe(0);
      const onSaleCard = listingCard(page, ON_SALE);
      expect(await onSaleCard.getByRole('link', { name: en('home:card.buy'), exact: true }).getAttribute('href')).toBe(`/listing/${onSale.id}`);
      expect(await onSaleCard.getByText(en('home:card.soldOut'), { exact: true }).count()).toBe(0);

      for (const look of LOOKS) {
        await setLook(page, look);
        await page.reload();
        await listingCard(page, TAKEN_DOWN).getByText(uiText(look.language, 'home:card.unavailable'), { exact: true }).waitFor();
        await listingCard(page, SOLD)
          .getByRole('button', { name: uiText(look.language, 'home:card.soldOut'), exact: true })
          .waitFor();
        await captureScreens(page, `favorites-sold-and-taken-down-${look.language}-${look.theme}`);
      }

      // another member's listings tab keeps the sold listing, with its overlay
      for (const look of LOOKS) {
        await setLook(page, look);
        await page.goto(`/profile/${sellerMember.id}?tab=listings`);
        const card = listingCard(page, SOLD);
        await card.getByRole('button', { name: uiText(look.language, 'home:card.soldOut'), exact: true }).waitFor();
        expect(await card.getByRole('button', { name: uiText(look.language, 'home:card.soldOut'), exact: true }).isDisabled()).toBe(true);
        await listingCard(page, ON_SALE)
          .getByRole('link', { name: uiText(look.language, 'home:card.buy'), exact: true })
          .waitFor();
        expect(await listingCard(page, TAKEN_DOWN).count()).toBe(0);
        await captureScreens(page, `profile-listings-sold-${look.language}-${look.theme}`);
      }

      // the full request stays in the feed, its progress at the maximum and make-offer disabled
      for (const look of LOOKS) {
        await setLook(page, look);
        await page.goto('/?type=buyingRequest');
        const text = (key: string, params?: Record<string, string | number>) => uiText(look.language, key, params);
        await page.getByRole('link', { name: WANTED, exact: true }).waitFor();
        await page.getByText(text('home:card.offersProgress', { active: 1, max: 1 }), { exact: true }).waitFor();
        expect(await page.getByRole('button', { name: text('home:card.offersFull'), exact: true }).isDisabled()).toBe(true);
        expect(await page.getByRole('link', { name: text('home:card.makeOffer') }).count()).toBe(0);
        expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
        await captureScreens(page, `feed-full-request-${look.language}-${look.theme}`);
      }
      // and the server still refuses another offer
      const late = await openPage(browser, { baseUrl: server.url, language: EN });
      try {
        await late.page.goto('/');
        await signUpInPage(late.page, 'late');
        const refusal = await late.page.evaluate(async (requestId) => {
          const response = await fetch('/trpc/marketplace.offers.create', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ json: { requestId, priceCents: 300_00 } }),
          });
          const body = (await response.json()) as { error?: { json?: { data?: { appError?: { code?: string } } } } };
          return body.error?.json?.data?.appError?.code;
        }, request.id);
        expect(refusal).toBe('OFFERS_FULL');
      } finally {
        await late.close();
      }

      // the taken-down listing is taken back from where it is shown
      await setLook(page, LOOKS[0]);
      await page.goto(`/profile/${fanMember.id}?tab=favorites`);
      await listingCard(page, TAKEN_DOWN)
        .getByRole('button', { name: en('social:favorite.undoLabel', { count: 1 }), exact: true })
        .click();
      await expect.poll(() => listingCard(page, TAKEN_DOWN).count()).toBe(0);
      await listingCard(page, SOLD).waitFor();
      expect(
        await db.selectFrom('user_favorites').select('listing_id').where('user_id', '=', fanMember.id).where('listing_id', '=', takenDown.id).execute(),
      ).toEqual([]);

      expect(pageErrors).toEqual([]);
      expect(seller.pageErrors).toEqual([]);
    } finally {
      await fan.close();
      await seller.close();
    }
  });
});
