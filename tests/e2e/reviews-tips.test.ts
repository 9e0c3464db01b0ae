import type { Browser, Page } from 'playwright-core';
import { expect, test, vi } from '../helpers/fixtures.ts';
import { captureScreens, describeInBrowser, openPage, uiText, type BrowserPage } from '../helpers/browser.ts';
import type { E2EServer } from '../helpers/e2e-server.ts';
import { fundPoints, fundUsdn, mutateInPage, signUpInPage, writeTestImages } from '../helpers/e2e-marketplace.ts';
import { getBalances } from '../../server/src/domain/ledger/index.ts';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 300_000 });

const EN = 'en';
const en = (key: string, params?: Record<string, string | number>) => uiText(EN, key, params);
const TITLE = '手工皮革笔记本 Leather notebook';

describeInBrowser('reviewing, tipping and commenting after a completed order, in the browser', () => {
  let server: E2EServer;
  let browser: Browser;

  test.beforeAll(async ({ e2eServer, browser: launched }) => {
    server = e2eServer;
    browser = launched;
  });

  /** A completed order written directly: this journey starts where the order flow ends. */
  async function completedOrder(buyerId: string, sellerId: string, listingId: string): Promise<string> {
    const now = new Date();
    const row = await server.db.db
      .insertInto('orders')
      .values({
        listing_id: listingId,
        buyer_id: buyerId,
        seller_id: sellerId,
        title: TITLE,
        unit_price_cents: 3_600,
        quantity: 1,
        total_cents: 3_600,
        status: 'completed',
        paid_at: now,
        shipped_at: now,
        completed_at: now,
        completed_by: 'buyer',
        delivery_info: 'Courier, tracking number LN-2211',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function openOrder(page: Page, orderId: string, actionKey: string, language: string) {
    await page.goto(`/orders/${orderId}`);
    const button = page.getByRole('button', { name: uiText(language, actionKey), exact: true });
    await button.waitFor();
    await button.click();
    await page.getByRole('dialog').waitFor();
  }

  /** By keyboard, as a person without a mouse would: focus the star and press Space. */
  async function chooseStars(page: Page, stars: number) {
    await page
      .getByRole('dialog')
      .getByRole('radio', { name: String(stars), exact: true })
      .focus();
    await page.keyboard.press('Space');
  }

  test('a buyer reviews from the order page, tips the seller, then comments and replies on the listing', async () => {
    const seller = await openPage(browser, { baseUrl: server.url, language: EN });
    const buyer = await openPage(browser, { baseUrl: server.url, language: EN });
    const images = await writeTestImages(['#c08a4a', '#4a7fc0']);
    const extra: BrowserPage[] = [];
    try {
      await seller.page.goto('/');
      const sellerMember = await signUpInPage(seller.page, 'seller');
      await fundPoints(server, sellerMember.id, 1);
      const listing = await mutateInPage<{ id: string }>(seller.page, 'marketplace.listings.create', {
        title: TITLE,
        description: 'Hand-stitched leather cover, 120 pages.',
        category: 'goods',
        unit: 'piece',
        quantity: 2,
        priceCents: 3_600,
        tags: ['notebook'],
        idempotencyKey: `notebook-${sellerMember.id}`,
      });
      // the seller asks something first, so the buyer has a comment to reply to
      const question = await mutateInPage<{ id: string }>(seller.page, 'marketplace.comments.create', {
        listingId: listing.id,
        content: 'Ask me anything about the binding.',
      });

      const { page, pageErrors } = buyer;
      await page.goto('/');
      const buyerMember = await signUpInPage(page, 'buyer');
      await fundUsdn(server, buyerMember.id, 10_000);
      await fundPoints(server, buyerMember.id, 40);
      const orderId = await completedOrder(buyerMember.id, sellerMember.id, listing.id);
      const sellerNickname = (await server.db.db.selectFrom('profiles').select('nickname').where('user_id', '=', sellerMember.id).executeTakeFirstOrThrow())
        .nickname;

      // review: 4 stars, text, a photo
      await openOrder(page, orderId, 'orders:actions.review', EN);
      const dialog = page.getByRole('dialog');
      await dialog.getByText(en('reviews:dialog.titleNew'), { exact: true }).waitFor();
      await dialog.getByTestId('review-submit').click();
      await dialog.getByText(en('errors:RATING_REQUIRED'), { exact: true }).waitFor();
      await chooseStars(page, 4);
      await dialog.getByText(en('reviews:dialog.ratingHint.4'), { exact: true }).waitFor();
      await dialog.getByLabel(en('reviews:dialog.content')).fill('Beautiful stitching, add me on wechat: curio_fan88');
      await dialog.getByTestId('contact-warning').waitFor();
      await dialog.getByLabel(en('reviews:dialog.content')).fill('Beautiful stitching and the leather smells wonderful.');
      await dialog.getByTestId('contact-warning').waitFor({ state: 'detached' });
      await dialog.locator('input[type="file"]').setInputFiles(images.paths[0]!);
      await dialog.getByRole('button', { name: en('reviews:dialog.removeImage', { number: 1 }) }).waitFor();
      await captureScreens(page, 'review-dialog-new-en');
      await dialog.getByTestId('review-submit').click();
      await page.getByText(en('reviews:toast.created'), { exact: true }).waitFor();
      const review = await server.db.db.selectFrom('reviews').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
      expect(review).toMatchObject({ rating: 4, reviewer_id: buyerMember.id, reviewee_id: sellerMember.id, listing_id: listing.id });
      expect(review.images).toHaveLength(1);

      // tip: 5 USDN preset with a message
      await openOrder(page, orderId, 'orders:actions.tip', EN);
      const tipDialog = page.getByRole('dialog');
      await tipDialog
        .getByTestId('tip-balance')
        .getByText(en('tips:balance.usdn', { amount: '100.00' }))
        .waitFor();
      await tipDialog.getByText(en('tips:presetUsdn', { amount: 5 }), { exact: true }).click();
      await tipDialog.getByLabel(en('tips:message')).fill('Thank you for the careful packing!');
      await captureScreens(page, 'tip-dialog-en');
      await tipDialog.getByRole('button', { name: en('tips:submitAmount.usdn', { amount: 5 }) }).click();
      await page.getByText(en('tips:sent.usdn', { name: sellerNickname, amount: 5 }), { exact: true }).waitFor();
      await expect.poll(async () => (await getBalances(server.db.db, sellerMember.id)).usdnAvailableCents).toBe(500);
      expect((await getBalances(server.db.db, buyerMember.id)).usdnAvailableCents).toBe(9_500);
      const tips = await server.db.db.selectFrom('tips').selectAll().where('order_id', '=', orderId).execute();
      expect(tips).toMatchObject([{ currency: 'usdn', amount: 500, message: 'Thank you for the careful packing!' }]);

      // the order page lists the tip at once; the server takes another, so the action says "tip again"
      const buyerTips = page.getByTestId('order-tips');
      await buyerTips.getByText(en('orders:tips.byYou', { name: sellerNickname }), { exact: true }).waitFor();
      await buyerTips.getByText('USDN 5.00', { exact: true }).waitFor();
      await buyerTips.getByText(en('orders:tips.message', { text: 'Thank you for the careful packing!' }), { exact: true }).waitFor();
      const actions = page.getByRole('region', { name: en('orders:actions.title'), exact: true });
      await actions.getByRole('button', { name: en('orders:actions.tipAgain'), exact: true }).waitFor();
      expect(await actions.getByRole('button', { name: en('orders:actions.tip'), exact: true }).count()).toBe(0);
      // the review comes first, the tip after it
      const actionLabels = (await actions.getByRole('button').allTextContents()).map((label) => label.trim());
      expect(actionLabels.indexOf(en('orders:actions.editReview'))).toBeGreaterThanOrEqual(0);
      expect(actionLabels.indexOf(en('orders:actions.editReview'))).toBeLessThan(actionLabels.indexOf(en('orders:actions.tipAgain')));

      // the seller reads the same tip as received, and has no tip action of their own
      const buyerNickname = (await server.db.db.selectFrom('profiles').select('nickname').where('user_id', '=', buyerMember.id).executeTakeFirstOrThrow())
        .nickname;
      await seller.page.goto(`/orders/${orderId}`);
      const sellerTips = seller.page.getByTestId('order-tips');
      await sellerTips.getByText(en('orders:tips.toYou', { name: buyerNickname }), { exact: true }).waitFor();
      await sellerTips.getByText('USDN 5.00', { exact: true }).waitFor();
      await sellerTips.getByText(en('orders:tips.message', { text: 'Thank you for the careful packing!' }), { exact: true }).waitFor();
      expect(await seller.page.getByRole('button', { name: en('orders:actions.tipAgain'), exact: true }).count()).toBe(0);
      expect(await seller.page.getByRole('button', { name: en('orders:actions.tip'), exact: true }).count()).toBe(0);

      // a points tip with a custom amount over the balance is stopped before sending
      await openOrder(page, orderId, 'orders:actions.tipAgain', EN);
      await page.getByRole('dialog').getByText(en('tips:currencies.points'), { exact: true }).click();
      // one more than the buyer holds (40 funded here, plus the welcome points of ADR 0030)
      const { points } = await getBalances(server.db.db, buyerMember.id);
      await page
        .getByRole('dialog')
        .getByTestId('tip-custom')
        .fill(String(points + 1));
      // said at the field and again beside the disabled submit, below the message box
      await expect.poll(() => page.getByRole('dialog').getByText(en('tips:overBalance'), { exact: true }).count()).toBe(2);
      expect(await page.getByRole('dialog').getByTestId('tip-submit').isDisabled()).toBe(true);
      await page.keyboard.press('Escape');
      // a second tip, in points and without a message: the order page lists both, newest first
      await mutateInPage(page, 'orders.tips.send', { orderId, currency: 'points', amount: 10, message: null, idempotencyKey: `tip-points-${orderId}` });
      await page.goto(`/orders/${orderId}`);
      await expect.poll(() => buyerTips.getByTestId('order-tip').count()).toBe(2);
      await buyerTips
        .getByTestId('order-tip')
        .first()
        .getByText(en('orders:tips.points', { amount: 10 }), { exact: true })
        .waitFor();

      // comments: post, reply to the seller's question, like it
      await page.goto(`/listing/${listing.id}`);
      await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
      const comments = page.getByTestId('listing-comments');
      await comments.getByText('Ask me anything about the binding.').waitFor();
      await comments.getByLabel(en('comments:label')).fill('Does it lie flat when open?');
      await comments.getByRole('button', { name: en('comments:post'), exact: true }).click();
      await comments.getByText('Does it lie flat when open?').waitFor();
      await comments.getByRole('button', { name: en('comments:replyTo', { name: sellerNickname }) }).click();
      await comments.getByRole('textbox', { name: en('comments:replyLabel', { name: sellerNickname }) }).fill('Thanks, it arrived and it is lovely.');
      await comments
        .getByRole('button', { name: en('comments:reply'), exact: true })
        .last()
        .click();
      await comments.getByTestId('comment-reply').getByText('Thanks, it arrived and it is lovely.').waitFor();
      // the question's own like button comes before its reply's
      const questionThread = comments.getByTestId('comment').filter({ hasText: 'Ask me anything about the binding.' });
      await questionThread
        .getByRole('button', { name: en('comments:like', { count: 0 }) })
        .first()
        .click();
      await questionThread.getByRole('button', { name: en('comments:unlike', { count: 1 }) }).waitFor();
      const stored = await server.db.db
        .selectFrom('listing_comments')
        .select(['content', 'parent_comment_id', 'likes_count'])
        .where('listing_id', '=', listing.id)
        .execute();
      expect(stored).toEqual(
        expect.arrayContaining([
          { content: 'Ask me anything about the binding.', parent_comment_id: null, likes_count: 1 },
          { content: 'Does it lie flat when open?', parent_comment_id: null, likes_count: 0 },
          { content: 'Thanks, it arrived and it is lovely.', parent_comment_id: question.id, likes_count: 0 },
        ]),
      );

      // a visitor reads comments and reviews but gets a login prompt instead of the box
      const visitor = await openPage(browser, { baseUrl: server.url, language: EN });
      extra.push(visitor);
      await visitor.page.goto(`/listing/${listing.id}`);
      await visitor.page.getByTestId('comments-login-prompt').waitFor();
      await visitor.page.getByText('Does it lie flat when open?').waitFor();

      // the screens, in both languages and both themes (the buyer's session carried over)
      const cookies = await buyer.context.cookies();
      for (const [language, theme] of [
        ['en', 'light'],
        ['en', 'dark'],
        ['zh-CN', 'light'],
        ['zh-CN', 'dark'],
      ] as const) {
        const view = await openPage(browser, { baseUrl: server.url, language, theme });
        extra.push(view);
        await view.context.addCookies(cookies);
        const p = view.page;
        const tag = `${language}-${theme}`;
        await p.goto(`/listing/${listing.id}`);
        await p.getByTestId('listing-comments').getByText('Does it lie flat when open?').waitFor();
        await captureScreens(p, `listing-comments-${tag}`);
        await p.getByRole('tab', { name: uiText(language, 'listing:tabs.reviews') }).click();
        await p.getByTestId('review-summary').waitFor();
        await captureScreens(p, `listing-reviews-${tag}`);
        await openOrder(p, orderId, 'orders:actions.editReview', language);
        await p.getByRole('dialog').getByText(uiText(language, 'reviews:dialog.titleEdit'), { exact: true }).waitFor();
        await p.getByRole('dialog').getByTestId('review-content').waitFor();
        await captureScreens(p, `review-dialog-edit-${tag}`);
        await p.keyboard.press('Escape');
        await p.goto(`/orders/${orderId}`);
        await p
          .getByTestId('order-tips')
          .getByText(uiText(language, 'orders:tips.byYou', { name: sellerNickname }), { exact: true })
          .first()
          .waitFor();
        await captureScreens(p, `order-tips-buyer-${tag}`);
        await openOrder(p, orderId, 'orders:actions.tipAgain', language);
        await p
          .getByRole('dialog')
          .getByTestId('tip-balance')
          .getByText(uiText(language, 'tips:balance.usdn', { amount: '95.00' }))
          .waitFor();
        await captureScreens(p, `tip-dialog-${tag}`);
        expect(view.pageErrors).toEqual([]);
      }

      // the seller's order page with the tips received, in both languages and both themes
      const sellerCookies = await seller.context.cookies();
      for (const [language, theme] of [
        ['en', 'light'],
        ['en', 'dark'],
        ['zh-CN', 'light'],
        ['zh-CN', 'dark'],
      ] as const) {
        const view = await openPage(browser, { baseUrl: server.url, language, theme });
        extra.push(view);
        await view.context.addCookies(sellerCookies);
        await view.page.goto(`/orders/${orderId}`);
        await view.page
          .getByTestId('order-tips')
          .getByText(uiText(language, 'orders:tips.toYou', { name: buyerNickname }), { exact: true })
          .first()
          .waitFor();
        await captureScreens(view.page, `order-tips-seller-${language}-${theme}`);
        expect(view.pageErrors).toEqual([]);
      }

      // edit the review from the dialog: 2 stars now; then delete it
      await openOrder(page, orderId, 'orders:actions.editReview', EN);
      await chooseStars(page, 2);
      await page
        .getByRole('dialog')
        .getByRole('button', { name: en('reviews:dialog.save') })
        .click();
      await page.getByText(en('reviews:toast.updated'), { exact: true }).waitFor();
      await expect
        .poll(async () => (await server.db.db.selectFrom('reviews').select('rating').where('order_id', '=', orderId).executeTakeFirst())?.rating)
        .toBe(2);
      await openOrder(page, orderId, 'orders:actions.editReview', EN);
      await page
        .getByRole('dialog')
        .getByRole('button', { name: en('reviews:dialog.delete') })
        .click();
      await page.getByRole('button', { name: en('reviews:dialog.confirmDelete.confirm'), exact: true }).click();
      await page.getByText(en('reviews:toast.deleted'), { exact: true }).waitFor();
      await expect.poll(async () => (await server.db.db.selectFrom('reviews').select('id').where('order_id', '=', orderId).execute()).length).toBe(0);
      expect(pageErrors).toEqual([]);
    } finally {
      await images.remove();
      for (const view of extra) await view.close();
      await buyer.close();
      await seller.close();
    }
  }, 480_000);
});
