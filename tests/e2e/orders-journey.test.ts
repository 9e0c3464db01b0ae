import type { Browser, Locator, Page } from 'playwright-core';
import { expect, test, vi } from '../helpers/fixtures.ts';
import { captureScreens, describeInBrowser, openPage, uiText } from '../helpers/browser.ts';
import type { E2EServer } from '../helpers/e2e-server.ts';
import { fundPoints, fundUsdn, mutateInPage, signInInPage, signUpInPage, writeTestImages, type E2EMember } from '../helpers/e2e-marketplace.ts';
import { getBalances } from '../../server/src/domain/ledger/balances.ts';

vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });

const EN = 'en';
const ZH = 'zh-CN';
const en = (key: string, params?: Record<string, string | number>) => uiText(EN, key, params);

const TITLE = '手工陶瓷茶杯 Handmade tea cup';

describeInBrowser('buying a listing, shipping it and confirming receipt, in the browser', () => {
  let server: E2EServer;
  let browser: Browser;

  test.beforeAll(async ({ e2eServer, browser: launched }) => {
    server = e2eServer;
    browser = launched;
  });

  async function balancesOf(member: E2EMember) {
    const { usdnAvailableCents, usdnHeldCents } = await getBalances(server.db.db, member.id);
    return { usdnAvailableCents, usdnHeldCents };
  }

  async function storedOrder(orderId: string) {
    return server.db.db.selectFrom('orders').select(['status', 'quantity', 'total_cents', 'delivery_info']).where('id', '=', orderId).executeTakeFirstOrThrow();
  }

  /** The success toast with exactly this text (toasts stack at the top of the page). */
  function toast(page: Page, text: string): Locator {
    return page.getByText(text, { exact: true }).first();
  }

  function orderIdOf(page: Page): string {
    const match = /\/orders\/([0-9a-f-]{36})$/.exec(new URL(page.url()).pathname);
    if (!match) throw new Error(`not on an order page: ${page.url()}`);
    return match[1]!;
  }

  test('buyer buys two from the listing page, seller ships from the list, buyer confirms; a second order goes to refunding', async () => {
    const buyerPage = await openPage(browser, { baseUrl: server.url, language: EN });
    const sellerPage = await openPage(browser, { baseUrl: server.url, language: EN });
    try {
      // the seller lists five cups at 25 USDN
      const s = sellerPage.page;
      await s.goto('/');
      const seller = await signUpInPage(s, 'seller');
      await fundPoints(server, seller.id, 5);
      const { id: listingId } = await mutateInPage<{ id: string }>(s, 'marketplace.listings.create', {
        title: TITLE,
        description: '柴烧陶瓷茶杯，每只略有不同。Wood-fired, each one a little different.',
        category: 'goods',
        unit: 'piece',
        quantity: 5,
        priceCents: 2_500,
        idempotencyKey: `cups-${seller.id}`,
      });
      // a second listing stays in stock for the purchase panel's screens in every look
      const { id: otherListingId } = await mutateInPage<{ id: string }>(s, 'marketplace.listings.create', {
        title: '竹编果篮 Bamboo fruit basket',
        description: '手工竹编。Hand-woven bamboo.',
        category: 'goods',
        unit: 'piece',
        quantity: 3,
        priceCents: 1_850,
        idempotencyKey: `basket-${seller.id}`,
      });

      // the buyer has 100 USDN and picks two on the listing page
      const b = buyerPage.page;
      await b.goto('/');
      const buyer = await signUpInPage(b, 'buyer');
      await fundUsdn(server, buyer.id, 10_000);
      await b.goto(`/listing/${listingId}`);
      await b.getByRole('heading', { level: 1, name: TITLE }).waitFor();
      await b.getByText(en('orders:purchase.available', { amount: '100.00' })).waitFor();
      const quantity = b.getByRole('textbox', { name: en('listing:buyer.quantity') });
      await quantity.fill('9');
      await quantity.blur();
      // more than the stock stays as typed and is refused with the rule's message
      await b.getByText(uiText(EN, 'errors:OUT_OF_STOCK', { available: 5 })).waitFor();
      expect(await quantity.inputValue()).toBe('9');
      expect(await b.getByRole('button', { name: en('orders:purchase.buy') }).isDisabled()).toBe(true);
      await quantity.fill('5');
      await b.getByTestId('purchase-total').getByText('USDN 125.00').waitFor();
      await b.getByText(en('orders:purchase.short', { amount: '25.00' })).waitFor();
      await expect.poll(() => b.getByRole('link', { name: en('orders:purchase.recharge') }).getAttribute('href')).toBe('/recharge');
      await quantity.fill('2');
      await quantity.blur();
      await b.getByTestId('purchase-total').getByText('USDN 50.00').waitFor();
      await b.getByText(en('orders:purchase.short', { amount: '25.00' })).waitFor({ state: 'detached' });
      await captureScreens(b, 'orders-purchase-panel-en');

      await b.getByRole('button', { name: en('orders:purchase.buy') }).click();
      const confirm = b.getByRole('dialog', { name: en('orders:purchase.confirmTitle') });
      await confirm.getByText(en('orders:purchase.escrowNotice')).waitFor();
      await confirm.getByText('USDN 50.00').waitFor();
      await captureScreens(b, 'orders-purchase-confirm-en');
      await confirm.getByRole('button', { name: en('orders:purchase.confirm') }).click();
      await toast(b, en('orders:purchase.done')).waitFor();
      await b.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
      const firstOrderId = orderIdOf(b);
      await b.getByRole('main').getByText(en('orders:status.paid'), { exact: true }).first().waitFor();
      await b.getByText(en('orders:escrow.in_progress', { amount: '50.00' })).waitFor();
      await captureScreens(b, 'orders-detail-paid-buyer-en');

      expect(await storedOrder(firstOrderId)).toMatchObject({ status: 'paid', quantity: 2, total_cents: 5_000 });
      expect(await balancesOf(buyer)).toEqual({ usdnAvailableCents: 5_000, usdnHeldCents: 0 });

      // the seller sees it under "to ship" with a badge and ships it from the list
      await s.goto('/orders?tab=sell');
      const sellerMain = s.getByRole('main');
      await sellerMain.getByText(TITLE).first().waitFor();
      await sellerMain.getByLabel(en('orders:list.toShipCount_one', { count: 1 })).waitFor();
      await captureScreens(s, 'orders-list-sell-en');
      // the CSV export downloads under the server's file name
      const [download] = await Promise.all([s.waitForEvent('download'), sellerMain.getByRole('button', { name: en('orders:summary.export') }).click()]);
      expect(download.suggestedFilename()).toMatch(/^curio-orders-\d{4}-\d{2}-\d{2}\.csv$/);
      await sellerMain.getByRole('button', { name: en('orders:card.quickShip') }).click();
      const shipDialog = s.getByRole('dialog', { name: en('orders:ship.title') });
      await shipDialog.getByRole('button', { name: en('orders:ship.submit') }).click();
      // blank delivery info is refused before anything is sent
      await shipDialog.getByText(uiText(EN, 'errors:DELIVERY_INFO_REQUIRED')).waitFor();
      expect((await storedOrder(firstOrderId)).status).toBe('paid');
      await shipDialog.getByRole('textbox', { name: en('orders:ship.label') }).fill('SF Express SF1234567890');
      await shipDialog.getByRole('button', { name: en('orders:ship.submit') }).click();
      await toast(s, en('orders:ship.done')).waitFor();
      await shipDialog.waitFor({ state: 'hidden' });
      await sellerMain.getByText(en('orders:status.shipped'), { exact: true }).first().waitFor();
      // still on the list: quick-ship does not leave it
      expect(new URL(s.url()).pathname).toBe('/orders');
      expect(await storedOrder(firstOrderId)).toMatchObject({ status: 'shipped', delivery_info: 'SF Express SF1234567890' });

      // the buyer sees the delivery info and the automatic confirmation, then confirms receipt
      await b.reload();
      await b.getByText('SF Express SF1234567890').waitFor();
      await b.getByText(en('orders:autoConfirm.days_other', { count: 7 })).waitFor();
      await captureScreens(b, 'orders-detail-shipped-buyer-en');
      await b.getByRole('button', { name: en('orders:receipt.button') }).click();
      const receiptDialog = b.getByRole('dialog', { name: en('orders:receipt.confirmTitle') });
      await receiptDialog.getByRole('button', { name: en('orders:receipt.confirm') }).click();
      await toast(b, en('orders:receipt.done')).waitFor();
      await b.getByRole('main').getByText(en('orders:status.completed'), { exact: true }).first().waitFor();
      await b.getByRole('button', { name: en('orders:actions.tip') }).waitFor();
      await b.getByRole('button', { name: en('orders:actions.review') }).waitFor();
      await captureScreens(b, 'orders-detail-completed-buyer-en');

      expect((await storedOrder(firstOrderId)).status).toBe('completed');
      expect(await balancesOf(buyer)).toEqual({ usdnAvailableCents: 5_000, usdnHeldCents: 0 });
      expect(await balancesOf(seller)).toEqual({ usdnAvailableCents: 5_000, usdnHeldCents: 0 });

      // the same journey goes on: the buyer reviews the completed order, then tips the seller
      await b.getByRole('button', { name: en('orders:actions.review') }).click();
      const reviewDialog = b.getByRole('dialog');
      await reviewDialog.getByRole('radio', { name: '5', exact: true }).focus();
      await b.keyboard.press('Space');
      await reviewDialog.getByLabel(en('reviews:dialog.content')).fill('Exactly as described, packed with care.');
      await reviewDialog.getByTestId('review-submit').click();
      await toast(b, en('reviews:toast.created')).waitFor();
      const review = await server.db.db.selectFrom('reviews').selectAll().where('order_id', '=', firstOrderId).executeTakeFirstOrThrow();
      expect(review).toMatchObject({ rating: 5, reviewer_id: buyer.id, reviewee_id: seller.id });

      await b.getByRole('button', { name: en('orders:actions.tip') }).click();
      const tipDialog = b.getByRole('dialog');
      await tipDialog.getByText(en('tips:presetUsdn', { amount: 2 }), { exact: true }).click();
      await tipDialog.getByRole('button', { name: en('tips:submitAmount.usdn', { amount: 2 }) }).click();
      await tipDialog.waitFor({ state: 'detached' });
      const tips = await server.db.db.selectFrom('tips').selectAll().where('order_id', '=', firstOrderId).execute();
      expect(tips).toMatchObject([{ currency: 'usdn', amount: 200, from_user_id: buyer.id, to_user_id: seller.id }]);
      expect(await balancesOf(buyer)).toEqual({ usdnAvailableCents: 4_800, usdnHeldCents: 0 });
      expect(await balancesOf(seller)).toEqual({ usdnAvailableCents: 5_200, usdnHeldCents: 0 });

      // a second order, refused a refund without a reason, then refunding
      const { orderId: secondOrderId } = await mutateInPage<{ orderId: string }>(b, 'orders.purchase', {
        listingId,
        quantity: 1,
        idempotencyKey: `second-${buyer.id}`,
      });
      await b.goto(`/orders/${secondOrderId}`);
      await b.getByRole('button', { name: en('orders:actions.refund') }).click();
      const refundDialog = b.getByRole('dialog', { name: en('orders:refund.title') });
      await refundDialog.getByRole('button', { name: en('orders:refund.submit') }).click();
      await refundDialog.getByText(uiText(EN, 'errors:REFUND_REASON_REQUIRED')).waitFor();
      await refundDialog.getByRole('textbox', { name: en('orders:refund.reason') }).fill('Ordered the wrong colour.');
      await refundDialog.getByRole('button', { name: en('orders:refund.submit') }).click();
      await toast(b, en('orders:refund.done')).waitFor();
      await b.getByRole('main').getByText(en('orders:status.refunding'), { exact: true }).first().waitFor();
      await b.getByText(en('orders:refund.status.pending'), { exact: true }).waitFor();
      await b.getByRole('button', { name: en('orders:actions.refund') }).waitFor({ state: 'detached' });
      await captureScreens(b, 'orders-detail-refunding-buyer-en');
      expect((await storedOrder(secondOrderId)).status).toBe('refunding');

      // a complaint on the same order, refused without a reason, then filed with one evidence image
      const evidence = await writeTestImages(['#aa5500']);
      try {
        await b.getByRole('button', { name: en('orders:actions.complain') }).click();
        const complaintDialog = b.getByRole('dialog', { name: en('orders:complaint.title') });
        await complaintDialog.getByRole('button', { name: en('orders:complaint.submit') }).click();
        await complaintDialog.getByText(uiText(EN, 'errors:COMPLAINT_REASON_REQUIRED')).waitFor();
        await complaintDialog.getByRole('textbox', { name: en('orders:complaint.reason') }).fill('The seller stopped answering.');
        await complaintDialog.locator('input[type="file"]').setInputFiles(evidence.paths);
        await complaintDialog.getByRole('img', { name: en('orders:complaint.evidenceAlt', { number: 1 }) }).waitFor();
        await captureScreens(b, 'orders-complaint-dialog-en');
        await complaintDialog.getByRole('button', { name: en('orders:complaint.submit') }).click();
        await toast(b, en('orders:complaint.done')).waitFor();
        await complaintDialog.waitFor({ state: 'hidden' });
        await b.getByText(en('orders:complaint.mine')).waitFor();
      } finally {
        await evidence.remove();
      }
      const complaint = await server.db.db.selectFrom('complaints').selectAll().where('order_id', '=', secondOrderId).executeTakeFirstOrThrow();
      expect(complaint).toMatchObject({ reporter_id: buyer.id, target_user_id: seller.id });
      expect(complaint.evidence_images).toHaveLength(1);
      // the USDN stays in escrow until the platform decides
      expect(await balancesOf(buyer)).toEqual({ usdnAvailableCents: 2_300, usdnHeldCents: 0 });

      // the buyer's list: everything, then the refunds filter
      await b.goto('/orders');
      const buyerMain = b.getByRole('main');
      await buyerMain.getByText(en('orders:status.completed'), { exact: true }).first().waitFor();
      await captureScreens(b, 'orders-list-buy-en');
      await buyerMain.getByText(en('orders:list.filters.buy.refunding'), { exact: true }).click();
      await b.waitForURL((url) => url.searchParams.get('filter') === 'refunding');
      await buyerMain.getByText(en('orders:status.refunding'), { exact: true }).first().waitFor();
      await expect.poll(() => buyerMain.getByText(en('orders:status.completed'), { exact: true }).count()).toBe(0);

      // the seller's view of a paid order: the ship form on the detail page (topping up what the tip took)
      await fundUsdn(server, buyer.id, 200);
      const { orderId: thirdOrderId } = await mutateInPage<{ orderId: string }>(b, 'orders.purchase', {
        listingId,
        quantity: 1,
        idempotencyKey: `third-${buyer.id}`,
      });
      await s.goto(`/orders/${thirdOrderId}`);
      await s.getByRole('heading', { name: en('orders:ship.title') }).waitFor();
      await captureScreens(s, 'orders-detail-paid-seller-en');

      // a shipped order, so every state has a screen in every look (the first 100 USDN are spent)
      await fundUsdn(server, buyer.id, 2_500);
      const { orderId: fourthOrderId } = await mutateInPage<{ orderId: string }>(b, 'orders.purchase', {
        listingId,
        quantity: 1,
        idempotencyKey: `fourth-${buyer.id}`,
      });
      await mutateInPage(s, 'orders.ship', { orderId: fourthOrderId, deliveryInfo: '顺丰快递 SF0987654321' });

      // the same screens in Chinese and in the dark theme, in the same two sessions
      const looks = [
        { language: ZH, theme: 'light' },
        { language: ZH, theme: 'dark' },
        { language: EN, theme: 'dark' },
      ];
      for (const { language, theme } of looks) {
        const tag = `${language}-${theme}`;
        const text = (key: string) => uiText(language, key);
        for (const page of [b, s]) {
          await page.evaluate(
            ({ language, theme }) => {
              localStorage.setItem('language', language);
              localStorage.setItem('theme', theme);
            },
            { language, theme },
          );
        }

        await b.goto(`/listing/${otherListingId}`);
        await b.getByRole('button', { name: text('orders:purchase.buy') }).waitFor();
        await captureScreens(b, `orders-purchase-panel-${tag}`);

        await b.goto('/orders');
        await b.getByRole('main').getByText(text('orders:status.completed'), { exact: true }).first().waitFor();
        await captureScreens(b, `orders-list-buy-${tag}`);

        await s.goto('/orders?tab=sell');
        await s.getByRole('main').getByText(text('orders:summary.totalOrders')).waitFor();
        await s.getByRole('main').getByText(TITLE).first().waitFor();
        await captureScreens(s, `orders-list-sell-${tag}`);

        await s.goto(`/orders/${thirdOrderId}`);
        await s.getByRole('heading', { name: text('orders:ship.title') }).waitFor();
        await captureScreens(s, `orders-detail-paid-seller-${tag}`);

        await b.goto(`/orders/${fourthOrderId}`);
        await b.getByRole('button', { name: text('orders:receipt.button') }).waitFor();
        await captureScreens(b, `orders-detail-shipped-buyer-${tag}`);

        await b.goto(`/orders/${firstOrderId}`);
        await b.getByRole('main').getByText(text('orders:status.completed'), { exact: true }).first().waitFor();
        await captureScreens(b, `orders-detail-completed-buyer-${tag}`);

        await b.goto(`/orders/${secondOrderId}`);
        await b.getByRole('main').getByText(text('orders:status.refunding'), { exact: true }).first().waitFor();
        await captureScreens(b, `orders-detail-refunding-buyer-${tag}`);
      }

      // the listing sold out at 2 + 1 + 1 + 1 of 5: no buy button is left
      await b.goto(`/listing/${listingId}`);
      await b.getByRole('button', { name: en('listing:buyer.soldOut') }).waitFor();
      expect(await b.getByRole('button', { name: en('orders:purchase.buy') }).count()).toBe(0);

      expect(buyerPage.pageErrors).toEqual([]);
      expect(sellerPage.pageErrors).toEqual([]);
    } finally {
      await sellerPage.close();
      await buyerPage.close();
    }
  });

  test('a visitor who clicks buy is sent to sign in; a stranger cannot open the order', async () => {
    const owner = await openPage(browser, { baseUrl: server.url, language: EN });
    const visitor = await openPage(browser, { baseUrl: server.url, language: EN });
    const stranger = await openPage(browser, { baseUrl: server.url, language: EN });
    try {
      const o = owner.page;
      await o.goto('/');
      const seller = await signUpInPage(o, 'owner');
      await fundPoints(server, seller.id, 5);
      const { id: listingId } = await mutateInPage<{ id: string }>(o, 'marketplace.listings.create', {
        title: 'Visitor test lamp',
        description: 'A brass desk lamp.',
        category: 'goods',
        unit: 'piece',
        quantity: 1,
        priceCents: 1_000,
        idempotencyKey: `lamp-${seller.id}`,
      });

      await visitor.page.goto(`/listing/${listingId}`);
      await visitor.page.getByRole('button', { name: en('orders:purchase.buy') }).click();
      await visitor.page.waitForURL((url) => url.pathname === '/auth');

      // a buyer's order is closed to a third member
      const buyerPage = await openPage(browser, { baseUrl: server.url, language: EN });
      try {
        await buyerPage.page.goto('/');
        const buyer = await signUpInPage(buyerPage.page, 'lamp-buyer');
        await fundUsdn(server, buyer.id, 1_000);
        const { orderId } = await mutateInPage<{ orderId: string }>(buyerPage.page, 'orders.purchase', {
          listingId,
          quantity: 1,
          idempotencyKey: `lamp-${buyer.id}`,
        });
        await stranger.page.goto('/');
        await signUpInPage(stranger.page, 'stranger');
        await stranger.page.goto(`/orders/${orderId}`);
        await stranger.page.getByRole('heading', { name: en('orders:detail.deniedTitle') }).waitFor();
        await stranger.page.getByText(uiText(EN, 'errors:ORDER_ACCESS_DENIED')).waitFor();

        // an order that does not exist: a toast and back to the list
        await stranger.page.goto('/orders/00000000-0000-4000-8000-000000000000');
        await stranger.page.waitForURL((url) => url.pathname === '/orders');
        await toast(stranger.page, uiText(EN, 'errors:ORDER_NOT_FOUND')).waitFor();
      } finally {
        await buyerPage.close();
      }
      expect(visitor.pageErrors).toEqual([]);
      expect(stranger.pageErrors).toEqual([]);
    } finally {
      await stranger.close();
      await visitor.close();
      await owner.close();
    }
  });
  test("a banned seller's listing: a buy is refused with the reason, the page then says purchases are paused, nothing is paid, in zh-CN and en", async () => {
    const sellerPage = await openPage(browser, { baseUrl: server.url, language: EN });
    // zh-CN in the dark theme: the notice is looked at in both
    const buyerPages = [
      await openPage(browser, { baseUrl: server.url, language: EN }),
      await openPage(browser, { baseUrl: server.url, language: ZH, theme: 'dark' }),
    ];
    try {
      const s = sellerPage.page;
      await s.goto('/');
      const seller = await signUpInPage(s, 'banned-seller');
      await fundPoints(server, seller.id, 5);
      const { id: listingId } = await mutateInPage<{ id: string }>(s, 'marketplace.listings.create', {
        title: '铜制六分仪 Brass sextant',
        description: '航海旧物，刻度清晰。A working nautical sextant.',
        category: 'goods',
        unit: 'piece',
        quantity: 2,
        priceCents: 3_000,
        idempotencyKey: `sextant-${seller.id}`,
      });
      const [first, second] = buyerPages.map((session) => session.page) as [Page, Page];
      await first.goto('/');
      const buyer = await signUpInPage(first, 'banned-seller-buyer');
      await fundUsdn(server, buyer.id, 10_000);
      await signInInPage(second, buyer);
      for (const [page, language] of [
        [first, EN],
        [second, ZH],
      ] as const) {
        const t = (key: string) => uiText(language, key);
        // the page was opened before the ban: its buy button is still there when the ban lands
        await server.db.db.deleteFrom('user_bans').where('user_id', '=', seller.id).execute();
        await page.goto(`/listing/${listingId}`);
        await page.getByRole('heading', { level: 1, name: '铜制六分仪 Brass sextant' }).waitFor();
        await server.db.db.insertInto('user_bans').values({ user_id: seller.id, reason: 'fraud', status: 'active' }).execute();
        await page.getByRole('button', { name: t('orders:purchase.buy') }).click();
        const confirm = page.getByRole('dialog', { name: t('orders:purchase.confirmTitle') });
        await confirm.getByRole('button', { name: t('orders:purchase.confirm') }).click();
        await toast(page, t('errors:MEMBER_SUSPENDED')).waitFor();
        expect(new URL(page.url()).pathname).toBe(`/listing/${listingId}`);
        // the refusal reloads the listing, which now says why nobody can buy
        await page
          .getByRole('status')
          .filter({ hasText: t('listing:buyer.sellerSuspended') })
          .waitFor();
        await expect.poll(() => page.getByRole('button', { name: t('listing:buyer.purchasesPaused') }).isDisabled()).toBe(true);
        expect(await page.getByRole('button', { name: t('orders:purchase.buy') }).count()).toBe(0);
        await captureScreens(page, `orders-purchase-seller-suspended-${language}`);
      }
      expect(await balancesOf(buyer)).toEqual({ usdnAvailableCents: 10_000, usdnHeldCents: 0 });
      expect(await server.db.db.selectFrom('orders').select('id').where('listing_id', '=', listingId).execute()).toEqual([]);
      for (const session of buyerPages) expect(session.pageErrors).toEqual([]);
    } finally {
      await Promise.all([sellerPage, ...buyerPages].map((session) => session.close()));
    }
  });
  test("a banned requester's request says offers are paused, with the reason, in zh-CN and en", async () => {
    const requesterPage = await openPage(browser, { baseUrl: server.url, language: EN });
    const sellerPages = [
      await openPage(browser, { baseUrl: server.url, language: EN }),
      await openPage(browser, { baseUrl: server.url, language: ZH, theme: 'dark' }),
    ];
    try {
      await requesterPage.page.goto('/');
      const requester = await signUpInPage(requesterPage.page, 'banned-requester');
      const { id: requestId } = await mutateInPage<{ id: string }>(requesterPage.page, 'marketplace.buyingRequests.create', {
        title: '求购黄铜六分仪 Wanted: brass sextant',
        description: '可用即可。Working condition.',
        category: 'goods',
        budgetMinCents: 10_000,
        budgetMaxCents: 40_000,
      });
      await server.db.db.insertInto('user_bans').values({ user_id: requester.id, reason: 'fraud', status: 'active' }).execute();

      const [first, second] = sellerPages.map((session) => session.page) as [Page, Page];
      await first.goto('/');
      const seller = await signUpInPage(first, 'banned-requester-seller');
      await signInInPage(second, seller);
      for (const [page, language] of [
        [first, EN],
        [second, ZH],
      ] as const) {
        const t = (key: string) => uiText(language, key);
        await page.goto(`/buying-requests/${requestId}`);
        await page.getByRole('heading', { level: 1, name: '求购黄铜六分仪 Wanted: brass sextant' }).waitFor();
        await page
          .getByRole('status')
          .filter({ hasText: t('buying:detail.requesterSuspended') })
          .waitFor();
        await expect
          .poll(() =>
            page
              .getByRole('button', { name: t('buying:detail.offersPaused') })
              .first()
              .isDisabled(),
          )
          .toBe(true);
        expect(await page.getByRole('button', { name: t('buying:detail.makeOffer') }).count()).toBe(0);
        await captureScreens(page, `buying-request-requester-suspended-${language}`);
      }
      for (const session of sellerPages) expect(session.pageErrors).toEqual([]);
    } finally {
      await Promise.all([requesterPage, ...sellerPages].map((session) => session.close()));
    }
  });
});
