import type { Browser, Page } from 'playwright-core';
import { expect, test, vi } from '../helpers/fixtures.ts';
import { captureScreens, describeInBrowser, openPage, uiText, type BrowserPage } from '../helpers/browser.ts';
import type { E2EServer } from '../helpers/e2e-server.ts';
import { fundUsdn, mutateInPage, signUpInPage, type E2EMember } from '../helpers/e2e-marketplace.ts';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 300_000 });

const EN = 'en';
const en = (key: string, params?: Record<string, string | number>) => uiText(EN, key, params);
const key = () => `e2e-${crypto.randomUUID()}`;

describeInBrowser('admin console: listings, buying requests, orders and complaints in the browser', () => {
  let server: E2EServer;
  let browser: Browser;
  let adminSession: BrowserPage;
  let sellerSession: BrowserPage;
  let buyerSession: BrowserPage;
  let seller: E2EMember;
  const listings: Record<'approve' | 'reject' | 'takeDown' | 'remove' | 'sold', string> = { approve: '', reject: '', takeDown: '', remove: '', sold: '' };
  let requestId = '';
  let orderId = '';
  let complaintId = '';

  async function insertListing(title: string, overrides: { isAnonymous?: boolean; priceCents?: number } = {}): Promise<string> {
    const row = await server.db.db
      .insertInto('listings')
      .values({
        seller_id: seller.id,
        title,
        description: 'From the admin console journey',
        category: 'goods',
        unit: 'piece',
        price_cents: overrides.priceCents ?? 12_500,
        quantity: 2,
        is_anonymous: overrides.isAnonymous ?? false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  test.beforeAll(async ({ e2eServer, browser: launched }) => {
    server = e2eServer;
    browser = launched;
    adminSession = await openPage(browser, { baseUrl: server.url, language: EN });
    sellerSession = await openPage(browser, { baseUrl: server.url, language: EN });
    buyerSession = await openPage(browser, { baseUrl: server.url, language: EN });
    await adminSession.page.goto('/');
    const admin = await signUpInPage(adminSession.page, 'content-admin');
    await server.db.db.insertInto('user_roles').values({ user_id: admin.id, role: 'admin' }).execute();
    await sellerSession.page.goto('/');
    seller = await signUpInPage(sellerSession.page, 'content-seller');
    await buyerSession.page.goto('/');
    const buyer = await signUpInPage(buyerSession.page, 'content-buyer');
    await fundUsdn(server, buyer.id, 50_000);

    listings.sold = await insertListing('Porcelain tea set (sold out)', { priceCents: 8_800 });
    listings.remove = await insertListing('Replica banknotes', { isAnonymous: true });
    listings.takeDown = await insertListing('Vintage film camera');
    listings.reject = await insertListing('Suspicious designer bag');
    listings.approve = await insertListing('Hand-bound notebook');

    // the buyer orders the tea set, complains about it and reports the bag
    ({ orderId } = await mutateInPage<{ orderId: string }>(buyerSession.page, 'orders.purchase', {
      listingId: listings.sold,
      quantity: 1,
      idempotencyKey: key(),
    }));
    ({ complaintId } = await mutateInPage<{ complaintId: string }>(buyerSession.page, 'orders.complain', {
      orderId,
      type: 'product_issue',
      reason: 'One cup arrived cracked.',
      evidenceImages: [],
    }));
    await mutateInPage(buyerSession.page, 'marketplace.listings.report', { id: listings.reject, reason: 'fake', detail: 'The logo is misspelt.' });
    ({ id: requestId } = await mutateInPage<{ id: string }>(sellerSession.page, 'marketplace.buyingRequests.create', {
      title: 'Looking for a mechanical typewriter',
      description: 'Working keys, any colour.',
      category: 'goods',
      budgetMinCents: 10_000,
      budgetMaxCents: 40_000,
    }));
    await mutateInPage(buyerSession.page, 'marketplace.offers.create', { requestId, priceCents: 25_000 });
  });
  test.afterAll(async () => {
    await adminSession?.close();
    await sellerSession?.close();
    await buyerSession?.close();
  });

  async function toast(page: Page, text: string) {
    await page.getByText(text, { exact: true }).first().waitFor();
  }

  function listingRow(id: string) {
    return server.db.db.selectFrom('listings').select(['status', 'review_status']).where('id', '=', id).executeTakeFirst();
  }

  test('approve, reject, take down and delete listings; close a request; open an order; resolve a complaint', async () => {
    const page = adminSession.page;

    // --- listings
    await page.goto('/admin?tab=listings');
    await page.getByRole('heading', { name: en('admin:tabs.listings') }).waitFor();
    const approveRow = page.getByTestId(`admin-listing-${listings.approve}`);
    await approveRow.getByRole('button', { name: en('admin-content:listings.approve') }).click();
    await toast(page, en('admin-content:listings.approved'));
    await approveRow.getByText(en('admin:status.approved')).waitFor();
    expect(await listingRow(listings.approve)).toEqual({ status: 'available', review_status: 'approved' });

    await page
      .getByTestId(`admin-listing-${listings.reject}`)
      .getByRole('button', { name: en('admin-content:listings.reject') })
      .click();
    const rejectDialog = page.getByRole('dialog', { name: en('admin-content:listings.rejectTitle') });
    await rejectDialog.getByLabel(en('admin-content:common.sellerReasonLabel')).fill('Counterfeit brand');
    await rejectDialog.getByRole('button', { name: en('admin-content:listings.reject') }).click();
    await toast(page, en('admin-content:listings.rejected'));
    expect(await listingRow(listings.reject)).toEqual({ status: 'unavailable', review_status: 'rejected' });

    await page
      .getByTestId(`admin-listing-${listings.takeDown}`)
      .getByRole('button', { name: en('admin-content:listings.takeDown') })
      .click();
    // the reason is required: the seller is told it
    const takeDownDialog = page.getByRole('dialog', { name: en('admin-content:listings.takeDownTitle') });
    await takeDownDialog.getByRole('button', { name: en('admin-content:listings.takeDown') }).click();
    await takeDownDialog.getByText(uiText(EN, 'errors:REASON_REQUIRED')).waitFor();
    await takeDownDialog.getByLabel(en('admin-content:common.sellerReasonLabel')).fill('Reported by several buyers');
    await takeDownDialog.getByRole('button', { name: en('admin-content:listings.takeDown') }).click();
    await toast(page, en('admin-content:listings.takenDown'));
    expect((await listingRow(listings.takeDown))?.status).toBe('unavailable');

    const removeRow = page.getByTestId(`admin-listing-${listings.remove}`);
    await removeRow.getByText(en('admin-content:common.anonymous')).waitFor();
    await removeRow.getByRole('button', { name: en('admin-content:listings.delete') }).click();
    const confirm = page.getByRole('dialog', { name: en('admin-content:listings.deleteTitle') });
    await confirm.getByText(en('admin-content:listings.deleteBody', { title: 'Replica banknotes' })).waitFor();
    await confirm.getByRole('button', { name: en('admin-content:listings.delete') }).click();
    await toast(page, en('admin-content:listings.deleted'));
    await removeRow.waitFor({ state: 'detached' });
    expect(await listingRow(listings.remove)).toBeUndefined();

    // the filters: rejected only
    await page.getByRole('combobox', { name: en('admin-content:listings.reviewFilter') }).click();
    await page.getByRole('option', { name: en('admin:status.rejected') }).click();
    await expect.poll(() => page.locator('[data-testid^="admin-listing-"]').count()).toBe(1);
    await page.getByTestId(`admin-listing-${listings.reject}`).waitFor();

    // the public feed no longer shows what was rejected or taken down
    await sellerSession.page.goto('/');
    await sellerSession.page.getByText('Hand-bound notebook').first().waitFor();
    expect(await sellerSession.page.getByText('Suspicious designer bag').count()).toBe(0);
    expect(await sellerSession.page.getByText('Vintage film camera').count()).toBe(0);

    // --- buying requests
    await page.goto('/admin?tab=buying');
    const requestRow = page.getByTestId(`admin-buying-${requestId}`);
    await requestRow.getByText(en('admin-content:buying.offersCount', { active: 1, total: 1 })).waitFor();
    await requestRow.getByRole('button', { name: en('admin-content:buying.close') }).click();
    const closeDialog = page.getByRole('dialog', { name: en('admin-content:buying.closeTitle') });
    await closeDialog.getByText(en('admin-content:buying.closeHint')).waitFor();
    await closeDialog.getByLabel(en('admin-content:common.posterReasonLabel')).fill('Posted three times');
    await closeDialog.getByRole('button', { name: en('admin-content:buying.close') }).click();
    await toast(page, en('admin-content:buying.closed'));
    await requestRow.getByText(uiText(EN, 'buying:status.closed')).waitFor();
    expect(await requestRow.getByRole('button', { name: en('admin-content:buying.close') }).count()).toBe(0);
    const request = await server.db.db.selectFrom('buying_requests').select('status').where('id', '=', requestId).executeTakeFirstOrThrow();
    expect(request.status).toBe('closed');
    expect((await server.db.db.selectFrom('buying_offers').select('status').where('request_id', '=', requestId).execute()).map((o) => o.status)).toEqual([
      'rejected',
    ]);

    // --- orders: search by the short id, open the details
    await page.goto('/admin?tab=orders');
    await page.getByTestId('admin-orders-search').fill(orderId.slice(0, 8).toUpperCase());
    const orderRow = page.getByTestId(`admin-order-${orderId}`);
    await orderRow.getByText(orderId.slice(0, 8)).waitFor();
    await orderRow.getByText('USDN 88.00').waitFor();
    await orderRow.getByRole('button', { name: en('admin-content:orders.details') }).click();
    const detail = page.getByTestId('admin-order-detail');
    await detail.getByText(orderId).waitFor();
    await detail.getByText(en('admin-content:orders.complaints_one', { count: 1 })).waitFor();
    await page.keyboard.press('Escape');

    // --- complaints: the response is required; resolve once
    await page.goto('/admin?tab=complaints');
    const card = page.getByTestId(`admin-complaint-${complaintId}`);
    await card.getByText('One cup arrived cracked.').waitFor();
    await card.getByText(uiText(EN, 'orders:complaint.types.product_issue')).waitFor();
    await page.getByText('The logo is misspelt.').waitFor();
    await card.getByRole('button', { name: en('admin-content:complaints.resolve') }).click();
    const resolveDialog = page.getByRole('dialog', { name: en('admin-content:complaints.resolveTitle') });
    await resolveDialog.getByRole('button', { name: en('admin-content:complaints.resolve') }).click();
    await resolveDialog.getByText(en('admin-content:complaints.responseRequired')).waitFor();
    expect((await server.db.db.selectFrom('complaints').select('status').where('id', '=', complaintId).executeTakeFirstOrThrow()).status).toBe('pending');
    await resolveDialog.getByLabel(en('admin-content:complaints.responseLabel')).fill('The seller will send a new cup.');
    await resolveDialog.getByRole('button', { name: en('admin-content:complaints.resolve') }).click();
    await toast(page, en('admin-content:complaints.resolved'));
    // the default filter is "pending": the resolved one leaves it, and shows under "resolved"
    await card.waitFor({ state: 'detached' });
    await page.getByTestId('admin-complaints-filter').getByText(en('admin-content:complaints.filter.resolved')).click();
    await page.getByTestId(`admin-complaint-${complaintId}`).getByText('The seller will send a new cup.').waitFor();

    const audit = await server.db.db.selectFrom('admin_audit_log').select(['action', 'reason']).orderBy('id').execute();
    expect(audit).toEqual([
      { action: 'listing.approve', reason: null },
      { action: 'listing.reject', reason: 'Counterfeit brand' },
      { action: 'listing.take_down', reason: 'Reported by several buyers' },
      { action: 'listing.delete', reason: null },
      { action: 'buying_request.close', reason: 'Posted three times' },
      { action: 'complaint.resolve', reason: 'The seller will send a new cup.' },
    ]);
    expect(adminSession.pageErrors).toEqual([]);
  });

  test('screens of the four tabs (zh-CN and en, light and dark)', async () => {
    // every tab in zh-CN light and en dark; the listings table (the widest) in the other two as well
    const variants = [
      { language: 'zh-CN', theme: 'light', tabs: ['listings', 'buying', 'orders', 'complaints'] },
      { language: 'en', theme: 'dark', tabs: ['listings', 'buying', 'orders', 'complaints'] },
      { language: 'zh-CN', theme: 'dark', tabs: ['listings'] },
      { language: 'en', theme: 'light', tabs: ['listings'] },
    ] as const;
    const shownText = {
      listings: 'Hand-bound notebook',
      buying: 'Looking for a mechanical typewriter',
      orders: 'Porcelain tea set (sold out)',
      complaints: 'One cup arrived cracked.',
    };
    for (const { language, theme, tabs } of variants) {
      const session = await openPage(browser, { baseUrl: server.url, language, theme });
      try {
        await session.context.addCookies(await adminSession.context.cookies());
        const page = session.page;
        const suffix = `${language}-${theme}`;
        for (const tab of tabs) {
          await page.goto(`/admin?tab=${tab}`);
          if (tab === 'complaints')
            await page.getByTestId('admin-complaints-filter').getByText(uiText(language, 'admin-content:complaints.filter.all')).click();
          await page.getByText(shownText[tab]).first().waitFor();
          await captureScreens(page, `admin-content-${tab}-${suffix}`);
        }
        if (language === 'zh-CN' && theme === 'light') {
          await page.goto('/admin?tab=orders');
          await page
            .getByRole('button', { name: uiText(language, 'admin-content:orders.details') })
            .first()
            .click();
          await page.getByTestId('admin-order-detail').waitFor();
          await captureScreens(page, `admin-content-order-detail-${suffix}`);
        }
        expect(session.pageErrors).toEqual([]);
      } finally {
        await session.close();
      }
    }
  });
});
