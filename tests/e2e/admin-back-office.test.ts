import type { Browser, Page } from 'playwright-core';
import { expect, test, vi } from '../helpers/fixtures.ts';
import { captureScreens, describeInBrowser, openPage, uiText, type BrowserPage } from '../helpers/browser.ts';
import type { E2EServer } from '../helpers/e2e-server.ts';
import { fundUsdn, mutateInPage, signUpInPage, type E2EMember } from '../helpers/e2e-marketplace.ts';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 300_000 });

const LANGUAGES = ['zh-CN', 'en'] as const;

/**
 * The back office in the browser (rules AD-11, AD-28, AD-29 and AD-31): a rejection with its
 * required reason reaches the seller's notifications; the users tab keeps filter, search, sort
 * and the open member in the URL across a reload; the admin role is granted from the row's menu;
 * the member detail view shows balance history, orders and bans. Screens at 390 and 1280 px in
 * zh-CN and en (the users tab and the detail view in dark too).
 */
describeInBrowser('admin back office: moderation reasons, roles, member detail and URL filters', () => {
  let server: E2EServer;
  let browser: Browser;
  let admin: BrowserPage;
  let sellerSession: BrowserPage;
  let seller: E2EMember;

  async function nickname(userId: string, name: string) {
    await server.db.db.updateTable('profiles').set({ nickname: name }).where('user_id', '=', userId).execute();
  }

  async function pendingListing(title: string): Promise<string> {
    const row = await server.db.db
      .insertInto('listings')
      .values({ seller_id: seller.id, title, description: 'Waiting for review', category: 'goods', unit: 'piece', price_cents: 4_200, quantity: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function useLanguage(page: Page, language: string, theme: 'light' | 'dark' = 'light') {
    await page.evaluate(
      ({ lng, th }) => {
        localStorage.setItem('language', lng);
        localStorage.setItem('theme', th);
      },
      { lng: language, th: theme },
    );
  }

  test.beforeAll(async ({ e2eServer, browser: launched }) => {
    server = e2eServer;
    browser = launched;
    admin = await openPage(browser, { baseUrl: server.url, language: 'en' });
    sellerSession = await openPage(browser, { baseUrl: server.url, language: 'en' });
    await admin.page.goto('/');
    const adminUser = await signUpInPage(admin.page, 'office-admin');
    await server.db.db.insertInto('user_roles').values({ user_id: adminUser.id, role: 'admin' }).execute();
    await nickname(adminUser.id, 'Chief Admin');
    await sellerSession.page.goto('/');
    seller = await signUpInPage(sellerSession.page, 'office-seller');
    await nickname(seller.id, 'Lin Xiaoyu');
    await fundUsdn(server, seller.id, 32_100);
  });

  test.afterAll(async () => {
    await admin.close();
    await sellerSession.close();
  });

  test('a rejection needs a reason, and the seller reads it in their notifications', async () => {
    const page = admin.page;
    for (const language of LANGUAGES) {
      const text = (key: string, params?: Record<string, string | number>) => uiText(language, key, params);
      const title = language === 'en' ? 'Replica pocket watch' : '仿制怀表';
      const reason = language === 'en' ? 'The photos are stock images; show the real item.' : '图片为网络图片，请上传实物照片。';
      const listingId = await pendingListing(title);

      await useLanguage(page, language);
      await page.goto('/admin?tab=listings');
      await page
        .getByTestId(`admin-listing-${listingId}`)
        .getByRole('button', { name: text('admin-content:listings.reject'), exact: true })
        .click();
      const dialog = page.getByRole('dialog', { name: text('admin-content:listings.rejectTitle') });
      // no reason, no rejection
      await dialog.getByRole('button', { name: text('admin-content:listings.reject'), exact: true }).click();
      await dialog.getByText(text('errors:REASON_REQUIRED')).waitFor();
      await dialog.getByLabel(text('admin-content:common.sellerReasonLabel')).fill(reason);
      await captureScreens(page, `admin-moderation-reason-${language}`);
      await dialog.getByRole('button', { name: text('admin-content:listings.reject'), exact: true }).click();
      await page.getByText(text('admin-content:listings.rejected'), { exact: true }).first().waitFor();

      await useLanguage(sellerSession.page, language);
      await sellerSession.page.goto('/notifications');
      const item = sellerSession.page.getByTestId('notification-item').first();
      await item.getByText(text('notifications:headline.listing_rejected')).waitFor();
      await item.getByText(text('notifications:details.reason', { value: reason })).waitFor();
      await item.getByText(title, { exact: false }).waitFor();
      await captureScreens(sellerSession.page, `member-moderation-notification-${language}`);
    }
    expect(admin.pageErrors).toEqual([]);
    expect(sellerSession.pageErrors).toEqual([]);
  });

  test('users tab: filters, sort and the open member live in the URL; grant the admin role; the member detail view', async () => {
    const page = admin.page;
    const helperPage = await openPage(browser, { baseUrl: server.url });
    const helper = await signUpInPage(helperPage.page, 'office-helper');
    await helperPage.close();
    await nickname(helper.id, 'Marta Gómez');
    await fundUsdn(server, helper.id, 9_900);
    // some history for the detail view: a lifted ban and an order bought from the seller
    await server.db.db
      .insertInto('user_bans')
      .values({ user_id: seller.id, reason: 'Phone number in chat', status: 'lifted', unbanned_at: new Date() })
      .execute();
    const listing = await server.db.db
      .insertInto('listings')
      .values({ seller_id: helper.id, title: 'Brass sextant', description: 'Navigation', category: 'goods', unit: 'piece', price_cents: 2_500, quantity: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sellerSession.page.goto('/');
    await sellerSession.page.evaluate(
      async ({ listingId }) =>
        fetch('/trpc/orders.purchase', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ json: { listingId, quantity: 1, idempotencyKey: crypto.randomUUID() } }),
        }),
      { listingId: listing.id },
    );

    // --- the URL keeps what the admin chose: search, filter and sort survive a reload
    await useLanguage(page, 'en');
    await page.goto('/admin?tab=users');
    const en = (key: string, params?: Record<string, string | number>) => uiText('en', key, params);
    await page.getByRole('textbox', { name: en('admin-people:users.searchPlaceholder') }).fill('office-');
    await page.getByTestId('sort-usdn').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('usdn');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('office-');
    await expect
      .poll(async () => (await page.locator('[data-testid^="user-row-"]').allInnerTexts()).map((row) => row.split('\n')[0]))
      .toEqual(['Lin Xiaoyu', 'Marta Gómez', 'Chief Admin']);
    await page.reload();
    await expect.poll(() => page.getByRole('textbox', { name: en('admin-people:users.searchPlaceholder') }).inputValue()).toBe('office-');
    await expect
      .poll(async () => (await page.locator('[data-testid^="user-row-"]').allInnerTexts()).map((row) => row.split('\n')[0]))
      .toEqual(['Lin Xiaoyu', 'Marta Gómez', 'Chief Admin']);

    // --- grant the admin role from the row's menu, with a reason
    const row = page.getByTestId(`user-row-${helper.id}`);
    await row.getByRole('button', { name: en('admin-people:users.actionsFor', { name: 'Marta Gómez' }) }).click();
    await page.getByRole('menuitem', { name: en('admin-people:users.grantAdmin') }).click();
    const dialog = page.getByRole('dialog', { name: en('admin-people:users.grantTitle', { name: 'Marta Gómez' }) });
    await dialog.getByLabel(en('admin-people:users.roleReason')).fill('Joins customer support');
    await dialog.getByRole('button', { name: en('admin-people:users.grantAdmin') }).click();
    await page.getByText(en('admin-people:users.grantedToast'), { exact: true }).first().waitFor();
    await row.getByText(en('admin-people:users.adminBadge'), { exact: true }).waitFor();
    const role = await server.db.db.selectFrom('user_roles').select('user_id').where('user_id', '=', helper.id).executeTakeFirst();
    expect(role?.user_id).toBe(helper.id);

    // the admins filter, kept in the URL
    await page
      .getByRole('group', { name: en('admin-people:users.filterLabel') })
      .getByText(en('admin-people:users.filters.admins'), { exact: true })
      .click();
    await expect.poll(() => new URL(page.url()).searchParams.get('filter')).toBe('admins');
    await expect.poll(() => page.locator('[data-testid^="user-row-"]').count()).toBe(2);

    // --- the member detail view opens from the name and has its own link
    await page.goto(`/admin?tab=users&q=office-&member=${seller.id}`);
    const detail = page.getByRole('dialog', { name: en('admin-people:detail.title') });
    await detail.getByText('Lin Xiaoyu').first().waitFor();
    await detail.getByTestId('member-ledger').getByText(uiText('en', 'wallet:history.kinds.purchase_escrow')).waitFor();
    // the purchase's price shows as in escrow beside the balance and the held amount
    await detail.getByText(en('admin-people:detail.escrow'), { exact: true }).waitFor();
    await detail.getByText('USDN 25.00', { exact: true }).first().waitFor();
    await detail.getByRole('tab', { name: en('admin-people:detail.orders') }).click();
    await detail.getByTestId('member-orders').getByText('Brass sextant').waitFor();
    await detail.getByRole('tab', { name: en('admin-people:detail.bans_one', { count: 1 }) }).click();
    await detail.getByTestId('member-bans').getByText('Phone number in chat').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => new URL(page.url()).searchParams.get('member')).toBeNull();

    // --- screens
    for (const [language, theme] of [
      ['zh-CN', 'light'],
      ['en', 'light'],
      ['en', 'dark'],
      ['zh-CN', 'dark'],
    ] as const) {
      await useLanguage(page, language, theme);
      await page.goto('/admin?tab=users&q=office-&sort=usdn');
      await page.getByTestId(`user-row-${helper.id}`).first().waitFor();
      await page.getByText(uiText(language, 'admin-people:users.description')).waitFor();
      await captureScreens(page, `admin-users-roles-${language}-${theme}`);
      await page.goto(`/admin?tab=users&q=office-&member=${seller.id}`);
      await page.getByRole('dialog').getByTestId('member-ledger').getByText(uiText(language, 'wallet:history.kinds.purchase_escrow')).waitFor();
      await captureScreens(page, `admin-member-detail-${language}-${theme}`);
    }
    expect(admin.pageErrors).toEqual([]);
  });

  test('orders and listings keep filter and sort in the URL across a reload; a resize keeps the buying close reason', async () => {
    const page = admin.page;
    const en = (key: string, params?: Record<string, string | number>) => uiText('en', key, params);
    const tag = `urlsort${Date.now().toString(36)}`;
    const makerPage = await openPage(browser, { baseUrl: server.url });
    const maker = await signUpInPage(makerPage.page, 'office-maker');
    await nickname(maker.id, 'Ada Okafor');
    const listing = (title: string, priceCents: number, reviewStatus = 'approved') =>
      server.db.db
        .insertInto('listings')
        .values({
          seller_id: maker.id,
          title,
          description: 'URL test',
          category: 'goods',
          unit: 'piece',
          price_cents: priceCents,
          quantity: 1,
          review_status: reviewStatus,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((row) => row.id);
    // three orders the seller's session buys: two stay paid, one is shipped (filtered out)
    const bought: Record<string, string> = {};
    for (const [title, cents] of [
      [`Globe ${tag}`, 3_000],
      [`Atlas ${tag}`, 1_200],
      [`Chart ${tag}`, 2_000],
    ] as const) {
      const listingId = await listing(title, cents);
      const { orderId } = await mutateInPage<{ orderId: string }>(sellerSession.page, 'orders.purchase', {
        listingId,
        quantity: 1,
        idempotencyKey: crypto.randomUUID(),
      });
      bought[title] = orderId;
    }
    await mutateInPage(makerPage.page, 'orders.ship', { orderId: bought[`Chart ${tag}`], deliveryInfo: 'Tracking SF123' });
    await makerPage.close();
    const titles = (prefix: string) => async () =>
      (await page.locator(`[data-testid^="${prefix}"]`).allInnerTexts()).map((row) => row.match(/(Globe|Atlas|Chart|Kettle|Lantern|Clock) urlsort/)?.[1]);

    // --- orders: a status filter and the total column, both in the URL, both after a reload
    await useLanguage(page, 'en');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin?tab=orders');
    await page.getByTestId('admin-orders-search').fill(tag);
    await page.getByRole('combobox', { name: en('admin:kit.status') }).click();
    await page.getByRole('option', { name: en('admin:status.paid'), exact: true }).click();
    await page.getByTestId('sort-total').click();
    await page.getByTestId('sort-total').click();
    await expect.poll(() => Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ tab: 'orders', q: tag, status: 'paid', sort: 'total', dir: 'asc' });
    await expect.poll(titles('admin-order-')).toEqual(['Atlas', 'Globe']);
    const ordersUrl = page.url();
    await page.reload();
    await expect.poll(titles('admin-order-')).toEqual(['Atlas', 'Globe']);
    expect(page.url()).toBe(ordersUrl);
    await expect.poll(() => page.getByRole('combobox', { name: en('admin:kit.status') }).inputValue()).toBe(en('admin:status.paid'));
    expect(await page.getByRole('columnheader', { name: en('admin-content:orders.columns.total') }).getAttribute('aria-sort')).toBe('ascending');

    // --- screens: the sortable headings (a select on phones) with the filter from the URL
    for (const language of LANGUAGES) {
      await useLanguage(page, language);
      await page.goto(`/admin?tab=orders&q=${tag}&status=paid&sort=total&dir=asc`);
      await page.getByText(uiText(language, 'admin-content:orders.description')).waitFor();
      await expect.poll(titles('admin-order-')).toEqual(['Atlas', 'Globe']);
      await captureScreens(page, `admin-orders-sorted-${language}`);
    }

    // --- listings: the review filter and price sort; another tab drops them
    await useLanguage(page, 'en');
    await listing(`Kettle ${tag}`, 900, 'pending');
    await listing(`Lantern ${tag}`, 5_500, 'pending');
    await listing(`Clock ${tag}`, 2_500, 'pending');
    await page.goto('/admin?tab=listings');
    await page.getByTestId('admin-listings-search').fill(tag);
    await page.getByRole('combobox', { name: en('admin-content:listings.reviewFilter') }).click();
    await page.getByRole('option', { name: en('admin:status.pending'), exact: true }).click();
    await page.getByTestId('sort-price').click();
    await expect.poll(() => Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ tab: 'listings', q: tag, review: 'pending', sort: 'price' });
    await expect.poll(titles('admin-listing-')).toEqual(['Lantern', 'Clock', 'Kettle']);
    await page.reload();
    await expect.poll(titles('admin-listing-')).toEqual(['Lantern', 'Clock', 'Kettle']);
    await expect.poll(() => page.getByRole('combobox', { name: en('admin-content:listings.reviewFilter') }).inputValue()).toBe(en('admin:status.pending'));
    await page.getByTestId('admin-tab-orders').click();
    await expect.poll(() => Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ tab: 'orders' });

    // --- buying: the close dialog survives the table turning into cards and back
    const request = await server.db.db
      .insertInto('buying_requests')
      .values({
        user_id: maker.id,
        title: `Wanted: sextant ${tag}`,
        description: 'Brass, working',
        category: 'goods',
        budget_min_cents: 1_000,
        budget_max_cents: 5_000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await page.goto(`/admin?tab=buying&q=${tag}`);
    await page
      .getByTestId(`admin-buying-${request.id}`)
      .getByRole('button', { name: en('admin-content:buying.close'), exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: en('admin-content:buying.closeTitle') });
    await dialog.getByLabel(en('admin-content:common.posterReasonLabel')).fill('Asks for a weapon');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.waitForTimeout(300);
    await expect.poll(() => dialog.getByLabel(en('admin-content:common.posterReasonLabel')).inputValue()).toBe('Asks for a weapon');
    await dialog.getByRole('button', { name: en('admin-content:buying.close'), exact: true }).click();
    await page.getByText(en('admin-content:buying.closed'), { exact: true }).first().waitFor();
    const closed = await server.db.db.selectFrom('buying_requests').select('status').where('id', '=', request.id).executeTakeFirstOrThrow();
    expect(closed.status).toBe('closed');
    expect(admin.pageErrors).toEqual([]);
  });
});
