import type { Browser, Locator, Page } from 'playwright-core';
import { expect, test, vi } from '../helpers/fixtures.ts';
import { captureScreens, describeInBrowser, openPage, uiText } from '../helpers/browser.ts';
import type { E2EServer } from '../helpers/e2e-server.ts';
import { fundUsdn, mutateInPage, signUpInPage } from '../helpers/e2e-marketplace.ts';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 300_000 });

const EN = 'en';
const ZH = 'zh-CN';
const en = (key: string, params?: Record<string, string | number>) => uiText(EN, key, params);

const TITLE = '求购 老式胶片相机 Film camera wanted';

describeInBrowser('a buying request from posting to an accepted offer, in the browser', () => {
  let server: E2EServer;
  let browser: Browser;

  test.beforeAll(async ({ e2eServer, browser: launched }) => {
    server = e2eServer;
    browser = launched;
  });

  function textbox(scope: Page | Locator, key: string) {
    return scope.getByRole('textbox', { name: en(key), exact: true });
  }

  /** The line a negotiation round leaves in an offer's history, as the viewer who proposed it reads it. */
  function ownRound(scope: Locator, amount: string) {
    return scope.getByText(new RegExp(`· ${en('offers:you')} .*USDN ${amount.replace('.', '\\.')}$`));
  }

  /** The feed card of the request this journey posts. */
  function requestCard(page: Page): Locator {
    return page.getByTestId('buying-request-card').filter({ has: page.getByRole('link', { name: TITLE, exact: true }) });
  }

  async function openOffersDialog(page: Page): Promise<Locator> {
    await page.goto('/buying-requests/my');
    await page.getByRole('button', { name: en('buying:my.viewOffers_one', { count: 1 }) }).click();
    const dialog = page.getByRole('dialog', { name: en('buying:my.offersFor', { title: TITLE }) });
    await dialog.waitFor();
    return dialog;
  }

  async function counter(page: Page, scope: Locator, amount: string): Promise<void> {
    await scope.getByRole('button', { name: en('offers:counter'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: en('offers:counterTitle') });
    await textbox(dialog, 'offers:counterPrice').fill(amount);
    await dialog.getByRole('button', { name: en('offers:sendCounter') }).click();
    await page.getByText(en('offers:counterSent'), { exact: true }).first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
  }

  async function storedDeal(requestId: string) {
    const { db } = server.db;
    const request = await db.selectFrom('buying_requests').select('status').where('id', '=', requestId).executeTakeFirstOrThrow();
    const offers = await db
      .selectFrom('buying_offers')
      .select(['status', 'current_price_cents', 'negotiation_round'])
      .where('request_id', '=', requestId)
      .execute();
    return { request: request.status, offers };
  }

  test('posts a request, gets an offer of 120, counters 100, is countered 110, accepts; both sides see the deal', async () => {
    const requester = await openPage(browser, { baseUrl: server.url, language: EN });
    const seller = await openPage(browser, { baseUrl: server.url, language: EN });
    try {
      // the requester posts a buying request with a 50-200 USDN budget
      const a = requester.page;
      await a.goto('/');
      const requesterMember = await signUpInPage(a, 'requester');
      // accepting a deal pays for it into escrow (ADR 0013)
      await fundUsdn(server, requesterMember.id, 15_000);
      await a.goto('/create?tab=buying');
      await textbox(a, 'buying:form.title').fill(TITLE);
      await textbox(a, 'buying:form.description').fill('想要一台能用的老式胶片相机。Any working 35 mm film camera.');
      await textbox(a, 'buying:form.budgetMin').fill('50');
      await textbox(a, 'buying:form.budgetMax').fill('200');
      await captureScreens(a, 'marketplace-buying-request-form-en');
      await a.getByRole('button', { name: en('buying:form.publish') }).click();
      await a.waitForURL(`${server.url}/buying-requests/my`);
      const requestLink = a.getByRole('link', { name: TITLE });
      const requestPath = await requestLink.getAttribute('href');
      expect(requestPath).toMatch(/^\/buying-requests\/[0-9a-f-]{36}$/);
      const requestId = requestPath!.split('/').pop()!;
      await a.getByText(en('buying:budget.range', { min: '50.00', max: '200.00' })).waitFor();

      // the requester's own card in the feed leads to their offers: no make-offer, enabled or not
      // (the server refuses an offer on one's own request, CANNOT_OFFER_OWN_REQUEST)
      await a.goto('/?type=buyingRequest');
      const ownCard = requestCard(a);
      await ownCard.getByRole('link', { name: en('home:card.manageOwnOn', { title: TITLE }), exact: true }).waitFor();
      expect(await ownCard.getByRole('link', { name: en('home:card.makeOffer') }).count()).toBe(0);
      expect(await ownCard.getByRole('button', { name: en('home:card.makeOffer') }).count()).toBe(0);
      await captureScreens(a, 'feed-own-request-en');
      await a.evaluate(() => localStorage.setItem('language', 'zh-CN'));
      await a.reload();
      await ownCard.getByRole('link', { name: uiText(ZH, 'home:card.manageOwnOn', { title: TITLE }), exact: true }).waitFor();
      expect(await ownCard.getByRole('link', { name: uiText(ZH, 'home:card.makeOffer') }).count()).toBe(0);
      await captureScreens(a, 'feed-own-request-zh-CN');
      await a.evaluate(() => localStorage.setItem('language', 'en'));
      // nor on the request's own page: the requester edits or deletes it there
      await a.goto(requestPath!);
      await a.getByRole('heading', { level: 1, name: TITLE }).waitFor();
      await a
        .getByRole('link', { name: en('buying:detail.edit') })
        .first()
        .waitFor();
      expect(await a.getByRole('button', { name: en('buying:detail.makeOffer') }).count()).toBe(0);

      // the seller offers 120 from the request's page
      const b = seller.page;
      await b.goto('/');
      await signUpInPage(b, 'seller');
      // another member's card offers make-offer
      await b.goto('/?type=buyingRequest');
      await requestCard(b)
        .getByRole('link', { name: en('home:card.makeOfferOn', { title: TITLE }), exact: true })
        .waitFor();
      expect(await requestCard(b).getByTestId('request-card-own').count()).toBe(0);
      await b.goto(requestPath!);
      await b.getByRole('heading', { level: 1, name: TITLE }).waitFor();
      await b.getByRole('button', { name: en('buying:detail.makeOffer') }).click();
      const offerDialog = b.getByRole('dialog', { name: en('offers:makeOfferTitle') });
      await textbox(offerDialog, 'offers:price').fill('120');
      await captureScreens(b, 'marketplace-make-offer-en');
      await offerDialog.getByRole('button', { name: en('offers:submit') }).click();
      await b.getByText(en('offers:submitted'), { exact: true }).first().waitFor();
      await b.getByRole('button', { name: en('buying:detail.offerMade') }).waitFor();

      // the requester counters 100 from the offers dialog of "my buying requests"
      let offers = await openOffersDialog(a);
      await offers.getByText('USDN 120.00', { exact: true }).waitFor();
      await counter(a, offers, '100');
      await ownRound(offers, '100.00').waitFor();
      await offers.getByText(en('offers:waiting')).waitFor();
      await captureScreens(a, 'marketplace-offers-dialog-en');

      // the seller counters 110 from "my offers"
      await b.goto('/buying-requests/offers');
      const offerCard = b.getByRole('main');
      await offerCard.getByText('USDN 100.00', { exact: true }).waitFor();
      await counter(b, offerCard, '110');
      await ownRound(offerCard, '110.00').waitFor();
      await captureScreens(b, 'marketplace-my-offers-en');

      // the requester accepts 110
      offers = await openOffersDialog(a);
      await offers.getByText('USDN 110.00', { exact: true }).waitFor();
      await offers.getByRole('button', { name: en('offers:accept'), exact: true }).click();
      const confirm = a.getByRole('dialog', { name: en('offers:acceptTitle') });
      await confirm.getByText(en('offers:acceptBody', { amount: '110.00' })).waitFor();
      await confirm.getByRole('button', { name: en('offers:confirm'), exact: true }).click();
      await a.getByText(en('offers:accepted'), { exact: true }).first().waitFor();
      await offers.getByText(en('offers:status.accepted'), { exact: true }).waitFor();
      await a.keyboard.press('Escape');
      await offers.waitFor({ state: 'hidden' });
      await a.getByRole('main').getByText(en('buying:status.deal_made'), { exact: true }).waitFor();
      await captureScreens(a, 'marketplace-deal-made-requester-en');

      expect(await storedDeal(requestId)).toEqual({
        request: 'deal_made',
        offers: [{ status: 'accepted', current_price_cents: 11_000, negotiation_round: 2 }],
      });
      // the deal is a paid order with the agreed price held in escrow
      const order = await server.db.db
        .selectFrom('orders')
        .select(['status', 'total_cents', 'buyer_id'])
        .where('buying_request_id', '=', requestId)
        .executeTakeFirstOrThrow();
      expect(order).toEqual({ status: 'paid', total_cents: 11_000, buyer_id: requesterMember.id });

      // the seller sees the accepted offer and the request marked as a deal
      await b.goto('/buying-requests/offers');
      await b.getByRole('main').getByText(en('offers:mine.all'), { exact: true }).click();
      await expect.poll(() => b.getByRole('radio', { name: en('offers:mine.all') }).isChecked()).toBe(true);
      await b.getByRole('main').getByText(en('offers:status.accepted'), { exact: true }).waitFor();
      await b.goto(requestPath!);
      await b.getByRole('heading', { level: 1, name: TITLE }).waitFor();
      await b.getByRole('main').getByText(en('buying:status.deal_made'), { exact: true }).first().waitFor();
      await captureScreens(b, 'marketplace-deal-made-seller-en');

      // a visitor reading Chinese sees the request closed as a deal, with no way to offer
      const visitor = await openPage(browser, { baseUrl: server.url, language: ZH });
      try {
        await visitor.page.goto(requestPath!);
        await visitor.page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
        await visitor.page.getByRole('main').getByText(uiText(ZH, 'buying:status.deal_made'), { exact: true }).first().waitFor();
        await captureScreens(visitor.page, 'marketplace-deal-made-visitor-zh-CN');
        expect(visitor.pageErrors).toEqual([]);
      } finally {
        await visitor.close();
      }

      expect(requester.pageErrors).toEqual([]);
      expect(seller.pageErrors).toEqual([]);
    } finally {
      await seller.close();
      await requester.close();
    }
  });
  test('the offer dialog warns about contact details while the message is typed, and the server refuses them (rule C-4)', async () => {
    const requester = await openPage(browser, { baseUrl: server.url, language: EN });
    try {
      await signUpInPage(requester.page, 'contact-requester');
      const { id: requestId } = await mutateInPage<{ id: string }>(requester.page, 'marketplace.buyingRequests.create', {
        title: '求购 黑胶唱片 Vinyl records wanted',
        description: '七八十年代的老唱片。Records from the 70s and 80s.',
        category: 'goods',
        budgetMinCents: 5_000,
        budgetMaxCents: 30_000,
      });

      for (const [language, message, kind] of [
        [EN, 'Mint copy, add me on WhatsApp for photos', 'other_app'],
        [ZH, '品相很好，加我微信详聊', 'wechat'],
      ] as const) {
        const seller = await openPage(browser, { baseUrl: server.url, language });
        try {
          const text = (key: string, params?: Record<string, string | number>) => uiText(language, key, params);
          const b = seller.page;
          await signUpInPage(b, `contact-seller-${language}`);
          await b.goto(`/buying-requests/${requestId}`);
          await b.getByRole('heading', { level: 1, name: '求购 黑胶唱片 Vinyl records wanted' }).waitFor();
          await b.getByRole('button', { name: text('buying:detail.makeOffer') }).click();
          const dialog = b.getByRole('dialog', { name: text('offers:makeOfferTitle') });
          await dialog.getByRole('textbox', { name: text('offers:price'), exact: true }).fill('120');
          const messageBox = dialog.getByRole('textbox', { name: text('offers:message'), exact: true });
          await messageBox.fill(message);
          // the same shared rule as the server's: the warning names what it found
          const warning = dialog.getByTestId('contact-warning');
          await warning.getByText(text('moderation:warning.found', { kinds: text(`moderation:kinds.${kind}`) }), { exact: true }).waitFor();
          await captureScreens(b, `offer-dialog-contact-warning-${language}`);

          // sending anyway is refused: the dialog stays open and no offer is stored
          await dialog.getByRole('button', { name: text('offers:submit') }).click();
          await b.getByText(text('offers:submitFailed'), { exact: true }).waitFor();
          await expect.poll(() => dialog.isVisible()).toBe(true);
          const offers = await server.db.db.selectFrom('buying_offers').select('id').where('request_id', '=', requestId).execute();
          expect(offers).toEqual([]);

          // once the contact detail is gone the warning goes too
          await messageBox.fill(language === EN ? 'Mint copy, photos on request here' : '品相很好，可以在平台内看实拍');
          await warning.waitFor({ state: 'detached' });
          expect(seller.pageErrors).toEqual([]);
        } finally {
          await seller.close();
        }
      }
    } finally {
      await requester.close();
    }
  });
});
