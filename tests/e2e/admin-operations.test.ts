import type { Browser, Page } from 'playwright-core';
import { POINTS_RULES } from '@curio/shared';
import { expect, test, vi } from '../helpers/fixtures.ts';
import { captureScreens, describeInBrowser, openPage, uiText, type BrowserPage } from '../helpers/browser.ts';
import type { E2EServer } from '../helpers/e2e-server.ts';
import { fundPoints, fundUsdn, mutateInPage, signUpInPage, type E2EMember } from '../helpers/e2e-marketplace.ts';
import { insertListing } from '../integration/orders/support.ts';
import { getSettings } from '../../server/src/domain/settings/settings.ts';
import { getBalances } from '../../server/src/domain/ledger/index.ts';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 300_000 });

const EN = 'en';
const en = (key: string, params?: Record<string, string | number>) => uiText(EN, key, params);
const ops = (key: string, params?: Record<string, string | number>) => en(`admin-operations:${key}`, params);
const SOLANA_ADDRESS = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const key = () => `e2e-${crypto.randomUUID()}`;

/**
 * Rules AD-21 and AD-25 to AD-27 through the console: settings (address, withdrawal terms, customer
 * service), tip presets, refunds and legacy points withdrawals, each refusal shown with the
 * server's translated message and each success with the spec's message.
 */
describeInBrowser('admin console: settings, tip settings, refunds and points withdrawals in the browser', () => {
  let server: E2EServer;
  let browser: Browser;
  let adminSession: BrowserPage;
  let memberSession: BrowserPage;
  let admin: E2EMember;
  let member: E2EMember;
  let sellerId: string;

  test.beforeAll(async ({ e2eServer, browser: launched }) => {
    server = e2eServer;
    browser = launched;
    adminSession = await openPage(browser, { baseUrl: server.url, language: EN });
    memberSession = await openPage(browser, { baseUrl: server.url, language: EN });
    await adminSession.page.goto('/');
    admin = await signUpInPage(adminSession.page, 'ops-admin');
    await server.db.db.insertInto('user_roles').values({ user_id: admin.id, role: 'admin' }).execute();
    await server.db.db.updateTable('profiles').set({ nickname: 'Ops Admin' }).where('user_id', '=', admin.id).execute();
    await memberSession.page.goto('/');
    member = await signUpInPage(memberSession.page, 'ops-member');
    await server.db.db.updateTable('profiles').set({ nickname: 'Mei Buyer' }).where('user_id', '=', member.id).execute();
    const sellerPage = await openPage(browser, { baseUrl: server.url, language: EN });
    try {
      await sellerPage.page.goto('/');
      sellerId = (await signUpInPage(sellerPage.page, 'ops-seller')).id;
    } finally {
      await sellerPage.close();
    }
    await fundUsdn(server, member.id, 100_000);
    await fundPoints(server, member.id, 20_000);
  });
  test.afterAll(async () => {
    await adminSession?.close();
    await memberSession?.close();
  });

  async function toast(page: Page, text: string) {
    await page.getByText(text, { exact: true }).first().waitFor();
  }

  /** A paid order of a fresh listing whose buyer asks for a refund; returns the order id. */
  async function refundRequested(title: string, reason: string): Promise<string> {
    const listingId = await insertListing(server.db.db, sellerId, { title, priceCents: 4_200 });
    const { orderId } = await mutateInPage<{ orderId: string }>(memberSession.page, 'orders.purchase', { listingId, quantity: 1, idempotencyKey: key() });
    await mutateInPage(memberSession.page, 'orders.requestRefund', { orderId, reason });
    return orderId;
  }

  function pointsRedemption(points: number, account: string) {
    return mutateInPage<{ id: string }>(memberSession.page, 'points.redemption.create', { points, method: 'alipay', account, idempotencyKey: key() });
  }

  test('settings: the address, the withdrawal terms and customer service, refused and saved', async () => {
    const page = adminSession.page;
    await page.goto('/admin?tab=settings');
    await page.getByRole('heading', { name: en('admin:tabs.settings') }).waitFor();

    // an address of another chain: the server's message, nothing stored
    const address = page.getByLabel(ops('settings.address.label'));
    await address.fill('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE');
    await page.getByRole('button', { name: ops('settings.address.save') }).click();
    await toast(page, en('errors:SOLANA_ADDRESS_INVALID'));
    expect((await getSettings(server.db.db, ['usdt_solana_address'])).usdt_solana_address).toBe('');
    await address.fill(SOLANA_ADDRESS);
    await address.press('Enter');
    await toast(page, ops('settings.address.success'));
    expect((await getSettings(server.db.db, ['usdt_solana_address'])).usdt_solana_address).toBe(SOLANA_ADDRESS);

    // a fee above 100 %: refused by the server with the spec's message
    const fee = page.getByLabel(ops('settings.withdrawal.fee'));
    await fee.fill('150');
    await page.getByRole('button', { name: ops('settings.withdrawal.save') }).click();
    await toast(page, en('errors:SETTING_VALUES_INVALID'));
    expect((await getSettings(server.db.db, ['usdn_withdrawal_fee_percentage'])).usdn_withdrawal_fee_percentage).toBe(0.03);
    await fee.fill('2.5');
    await page.getByLabel(ops('settings.withdrawal.min')).fill('20');
    await page.getByRole('button', { name: ops('settings.withdrawal.save') }).click();
    await toast(page, ops('settings.withdrawal.success'));
    expect(await getSettings(server.db.db, ['usdn_withdrawal_min', 'usdn_withdrawal_fee_percentage', 'usdn_to_usdt_rate'])).toEqual({
      usdn_withdrawal_min: 20,
      usdn_withdrawal_fee_percentage: 0.025,
      usdn_to_usdt_rate: 1,
    });

    // customer service: off and on again, then this admin answers
    const enabled = page.getByLabel(ops('settings.customerService.enabled'));
    await enabled.click({ force: true });
    await toast(page, ops('settings.customerService.disabledSuccess'));
    await expect.poll(async () => (await getSettings(server.db.db, ['customer_service_enabled'])).customer_service_enabled).toBe(false);
    await expect.poll(() => enabled.isChecked()).toBe(false);
    await enabled.click({ force: true });
    await toast(page, ops('settings.customerService.enabledSuccess'));
    await page.getByRole('combobox', { name: ops('settings.customerService.admin') }).click();
    await page.getByRole('option', { name: 'Ops Admin' }).click();
    await toast(page, ops('settings.customerService.adminSuccess'));
    expect(await getSettings(server.db.db, ['customer_service_enabled', 'customer_service_admin_id'])).toEqual({
      customer_service_enabled: true,
      customer_service_admin_id: admin.id,
    });
    const audited = await server.db.db.selectFrom('admin_audit_log').select('target_id').where('target_type', '=', 'setting').execute();
    expect(audited.map((row) => row.target_id).sort()).toEqual([
      'customer_service_admin_id',
      'customer_service_enabled',
      'customer_service_enabled',
      'usdn_withdrawal_fee_percentage',
      'usdn_withdrawal_min',
      'usdt_solana_address',
    ]);
    expect(adminSession.pageErrors).toEqual([]);
  });

  test('tip settings: a duplicate is refused, an amount is added in order and another removed', async () => {
    const page = adminSession.page;
    await page.goto('/admin?tab=tip-settings');
    const usdn = page.getByTestId('tip-list-usdn');
    await usdn.getByTestId('tip-amount-usdn-100').waitFor();
    const amount = usdn.getByLabel(ops('tips.amount'));
    await amount.fill('5');
    await usdn.getByRole('button', { name: ops('tips.add') }).click();
    await toast(page, en('errors:TIP_AMOUNT_EXISTS'));
    await amount.fill('3');
    await amount.press('Enter');
    await toast(page, ops('tips.added'));
    await usdn.getByTestId('tip-amount-usdn-3').waitFor();
    await expect
      .poll(() => usdn.locator('[data-testid^="tip-amount-usdn-"]').allInnerTexts())
      .toEqual(['1 USDN', '2 USDN', '3 USDN', '5 USDN', '10 USDN', '20 USDN', '100 USDN']);

    const points = page.getByTestId('tip-list-points');
    await points.getByRole('button', { name: ops('tips.remove', { amount: '50' }) }).click();
    await toast(page, ops('tips.removed'));
    await expect.poll(async () => (await getSettings(server.db.db, ['tip_points_amounts'])).tip_points_amounts).toEqual([1, 5, 10, 20, 100]);
    expect((await getSettings(server.db.db, ['tip_usdn_amounts'])).tip_usdn_amounts).toEqual([1, 2, 3, 5, 10, 20, 100]);
    expect(adminSession.pageErrors).toEqual([]);
  });

  test('refunds: rejecting needs a reason; one approved, one rejected', async () => {
    const approvedOrder = await refundRequested('Tin wind-up robot', 'Arrived broken');
    const rejectedOrder = await refundRequested('Jade seal stamp', 'Changed my mind');
    const page = adminSession.page;
    await page.goto('/admin?tab=refunds');
    await page.getByRole('heading', { name: en('admin:tabs.refunds') }).waitFor();
    await page.getByText('Arrived broken').waitFor();

    const rejectRow = page.getByTestId('admin-refund').getByRole('row').filter({ hasText: 'Jade seal stamp' });
    await rejectRow.getByRole('button', { name: ops('refunds.reject') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: ops('refunds.reject') }).click();
    await dialog.getByText(en('errors:REJECTION_REASON_REQUIRED')).waitFor();
    await dialog.getByLabel(ops('refunds.rejectReason')).fill('The seal matches the photos');
    await dialog.getByRole('button', { name: ops('refunds.reject') }).click();
    await toast(page, ops('refunds.rejected'));
    await expect
      .poll(async () => (await server.db.db.selectFrom('orders').select('status').where('id', '=', rejectedOrder).executeTakeFirstOrThrow()).status)
      .toBe('paid');

    const before = (await getBalances(server.db.db, member.id)).usdnAvailableCents;
    const approveRow = page.getByTestId('admin-refund').getByRole('row').filter({ hasText: 'Tin wind-up robot' });
    await approveRow.getByRole('button', { name: ops('refunds.approve') }).click();
    await page
      .getByRole('dialog')
      .getByText(ops('refunds.approveBody', { amount: '42.00', buyer: 'Mei Buyer' }))
      .waitFor();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: ops('refunds.approve') })
      .click();
    await toast(page, ops('refunds.approved'));
    await expect
      .poll(async () => (await server.db.db.selectFrom('orders').select('status').where('id', '=', approvedOrder).executeTakeFirstOrThrow()).status)
      .toBe('refunded');
    expect((await getBalances(server.db.db, member.id)).usdnAvailableCents).toBe(before + 4_200);
    await approveRow.getByText(en('admin:status.approved')).waitFor();

    // the pending filter now shows neither
    await page.getByText(en('admin:status.pending'), { exact: true }).first().click();
    await page.getByText(ops('refunds.empty')).waitFor();
    expect(adminSession.pageErrors).toEqual([]);
  });

  test('points withdrawals: approve one, reject another with notes and the points come back', async () => {
    const approved = await pointsRedemption(2_000, 'mei-alipay-approve');
    const rejected = await pointsRedemption(3_000, 'mei-alipay-reject');
    expect((await getBalances(server.db.db, member.id)).points).toBe(15_000 + POINTS_RULES.welcomePoints);
    const page = adminSession.page;
    await page.goto('/admin?tab=withdrawals');
    await page.getByText('mei-alipay-reject').waitFor();

    const rows = page.getByTestId('admin-points-withdrawal').getByRole('row');
    await rows
      .filter({ hasText: 'mei-alipay-approve' })
      .getByRole('button', { name: ops('withdrawals.approve') })
      .click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: ops('withdrawals.approve') })
      .click();
    await toast(page, ops('withdrawals.approved'));
    await rows.filter({ hasText: 'mei-alipay-approve' }).getByText(en('admin:status.completed')).waitFor();

    await rows
      .filter({ hasText: 'mei-alipay-reject' })
      .getByRole('button', { name: ops('withdrawals.reject') })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: ops('withdrawals.reject') }).click();
    await dialog.getByText(en('errors:REJECTION_REASON_REQUIRED')).waitFor();
    await dialog.getByLabel(ops('withdrawals.rejectReason')).fill('The Alipay name does not match');
    await dialog.getByRole('button', { name: ops('withdrawals.reject') }).click();
    await toast(page, ops('withdrawals.rejected'));
    await rows.filter({ hasText: 'mei-alipay-reject' }).getByText('The Alipay name does not match').waitFor();

    const statuses = await server.db.db
      .selectFrom('points_withdrawal_requests')
      .select(['id', 'status'])
      .where('id', 'in', [approved.id, rejected.id])
      .execute();
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({ [approved.id]: 'completed', [rejected.id]: 'rejected' });
    expect((await getBalances(server.db.db, member.id)).points).toBe(18_000 + POINTS_RULES.welcomePoints);
    expect(adminSession.pageErrors).toEqual([]);
  });

  /**
   * Every tab in both languages and both themes: zh-CN light and en dark by default, which
   * keeps this file near a minute; CURIO_ALL_SCREENS=1 takes all four combinations.
   */
  test('screens of the four tabs (zh-CN and en, light and dark)', async () => {
    // something waiting in both queues, so the screens show the actions too
    await refundRequested('景德镇青花瓷茶杯（一对）', '收到时杯沿有裂纹');
    await pointsRedemption(1_500, 'mei.pay@example.com');
    const all = process.env.CURIO_ALL_SCREENS === '1';
    const combinations: { language: 'zh-CN' | 'en'; theme: 'light' | 'dark' }[] = [
      { language: 'zh-CN', theme: 'light' },
      { language: 'en', theme: 'dark' },
      ...(all ? [{ language: 'zh-CN', theme: 'dark' } as const, { language: 'en', theme: 'light' } as const] : []),
    ];
    for (const { language, theme } of combinations) {
      const session = await openPage(browser, { baseUrl: server.url, language, theme });
      try {
        await session.context.addCookies(await adminSession.context.cookies());
        const page = session.page;
        const suffix = `${language}-${theme}`;
        await page.goto('/admin?tab=settings');
        await page.getByTestId('settings-customer-service').waitFor();
        await captureScreens(page, `admin-operations-settings-${suffix}`);
        await page.goto('/admin?tab=tip-settings');
        await page.getByTestId('tip-amount-usdn-3').waitFor();
        await captureScreens(page, `admin-operations-tips-${suffix}`);
        await page.goto('/admin?tab=refunds');
        await page.getByText('收到时杯沿有裂纹').first().waitFor();
        await captureScreens(page, `admin-operations-refunds-${suffix}`);
        await page.goto('/admin?tab=withdrawals');
        await page.getByText('mei.pay@example.com').first().waitFor();
        await captureScreens(page, `admin-operations-withdrawals-${suffix}`);
        expect(session.pageErrors).toEqual([]);
      } finally {
        await session.close();
      }
    }
  });
});
