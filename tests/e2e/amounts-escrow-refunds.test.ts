import type { Browser, Page } from 'playwright-core';
import { expect, test, vi } from '../helpers/fixtures.ts';
import { captureScreens, describeInBrowser, openPage, uiText, type BrowserPage } from '../helpers/browser.ts';
import type { E2EServer } from '../helpers/e2e-server.ts';
import { fundUsdn, mutateInPage, signUpInPage, type E2EMember } from '../helpers/e2e-marketplace.ts';
import { insertListing } from '../integration/orders/support.ts';
import { getSettings, putSetting } from '../../server/src/domain/settings/settings.ts';
import { decideRefundAsAdmin } from '../../server/src/domain/orders/resolve-refund.ts';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 300_000 });

const EN = 'en';
const ZH = 'zh-CN';
const LANGUAGES = [EN, ZH] as const;
const DEPOSIT_ADDRESS = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const key = () => `e2e-${crypto.randomUUID()}`;

/**
 * Number fields keep what was typed and refuse it with the rule's message (the tip dialog, the
 * admin's tip presets, the USDT amount); the wallet shows the money in escrow; the order page
 * offers no refund after a rejected one (ADR 0029). Each screen in English and Chinese.
 */
describeInBrowser('amounts as typed, escrow in the wallet, refunds once per order, in the browser', () => {
  let server: E2EServer;
  let browser: Browser;
  let buyerSession: BrowserPage;
  let sellerSession: BrowserPage;
  let adminSession: BrowserPage;
  let buyer: E2EMember;
  let seller: E2EMember;
  let admin: E2EMember;

  test.beforeAll(async ({ e2eServer, browser: launched }) => {
    server = e2eServer;
    browser = launched;
    await putSetting(server.db.db, 'usdt_solana_address', DEPOSIT_ADDRESS, null, new Date());
    buyerSession = await openPage(browser, { baseUrl: server.url, language: EN });
    sellerSession = await openPage(browser, { baseUrl: server.url, language: EN });
    adminSession = await openPage(browser, { baseUrl: server.url, language: EN });
    buyer = await signUpInPage(buyerSession.page, 'escrow-buyer');
    seller = await signUpInPage(sellerSession.page, 'escrow-seller');
    admin = await signUpInPage(adminSession.page, 'amounts-admin');
    await server.db.db.insertInto('user_roles').values({ user_id: admin.id, role: 'admin' }).execute();
    await server.db.db.updateTable('profiles').set({ nickname: 'Rui Seller' }).where('user_id', '=', seller.id).execute();
    await fundUsdn(server, buyer.id, 20_000);
  });
  test.afterAll(async () => {
    await Promise.all([buyerSession, sellerSession, adminSession].map((session) => session?.close()));
  });

  async function buy(title: string, priceCents: number): Promise<string> {
    const listingId = await insertListing(server.db.db, seller.id, { title, priceCents, quantity: 2 });
    return (await mutateInPage<{ orderId: string }>(buyerSession.page, 'orders.purchase', { listingId, quantity: 1, idempotencyKey: key() })).orderId;
  }

  /** The same member in a new page of another language, for the Chinese screenshots. */
  async function asIn(session: BrowserPage, language: string): Promise<BrowserPage> {
    const view = await openPage(browser, { baseUrl: server.url, language });
    await view.context.addCookies(await session.context.cookies());
    return view;
  }

  async function eachLanguage(session: BrowserPage, work: (page: Page, language: string) => Promise<void>) {
    for (const language of LANGUAGES) {
      const view = language === EN ? session : await asIn(session, language);
      try {
        await work(view.page, language);
        expect(view.pageErrors).toEqual([]);
      } finally {
        if (view !== session) await view.close();
      }
    }
  }

  test('the wallet shows available, held and in escrow; after a rejected refund the order page offers none', async () => {
    await buy('Celadon tea bowl 青瓷茶碗', 4_250);
    const rejected = await buy('Bronze mirror 铜镜', 3_000);
    await mutateInPage(buyerSession.page, 'orders.requestRefund', { orderId: rejected, reason: 'The rim is chipped' });
    const refund = await server.db.db.selectFrom('refunds').select('id').where('order_id', '=', rejected).executeTakeFirstOrThrow();
    await decideRefundAsAdmin(server.running.services, { adminId: admin.id, refundId: refund.id, decision: 'rejected', notes: 'The photos show no chip' });

    await eachLanguage(buyerSession, async (page, language) => {
      // 200.00 funded, two orders of 42.50 and 30.00 paid: 127.50 available, 72.50 in escrow
      await page.goto('/wallet');
      await expect.poll(() => page.getByTestId('wallet-balance').innerText()).toContain('127.50');
      expect(await page.getByTestId('wallet-escrow').innerText()).toBe('72.50 USDN');
      expect(await page.getByTestId('wallet-held').innerText()).toBe('0.00 USDN');
      await page.getByText(uiText(language, 'wallet:balance.escrowLabel'), { exact: true }).waitFor();
      await captureScreens(page, `wallet-balance-escrow-${language}`);

      // the rejected refund: shown with its notes, no refund action, and why
      await page.goto(`/orders/${rejected}`);
      await page.getByTestId('refund-once-per-order').getByText(uiText(language, 'orders:refund.oncePerOrder')).waitFor();
      await page.getByText('The photos show no chip').waitFor();
      expect(await page.getByRole('button', { name: uiText(language, 'orders:actions.refund') }).count()).toBe(0);
      await page.getByRole('button', { name: uiText(language, 'orders:actions.complain') }).waitFor();
      await captureScreens(page, `order-refund-rejected-${language}`);
    });
    // the server agrees: a second request is refused with the code that says refunds are once per order
    const again = await buyerSession.page.evaluate(async (orderId) => {
      const response = await fetch('/trpc/orders.requestRefund', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ json: { orderId, reason: 'again' } }),
      });
      return ((await response.json()) as { error: { json: { data: { appError: { code: string } } } } }).error.json.data.appError.code;
    }, rejected);
    expect(again).toBe('REFUND_ALREADY_REQUESTED');
  });

  test('a custom tip of 0 stays 0 and is refused with the rule message; nothing is sent', async () => {
    const orderId = await buy('Lacquer box 漆盒', 1_500);
    await mutateInPage(sellerSession.page, 'orders.ship', { orderId, deliveryInfo: 'SF Express 998877' });
    await mutateInPage(buyerSession.page, 'orders.confirmReceipt', { orderId, idempotencyKey: key() });

    await eachLanguage(buyerSession, async (page, language) => {
      await page.goto(`/orders/${orderId}`);
      await page.getByRole('button', { name: uiText(language, 'orders:actions.tip'), exact: true }).click();
      const dialog = page.getByRole('dialog');
      const custom = dialog.getByTestId('tip-custom');
      await custom.fill('0');
      await dialog.getByTestId('tip-submit').click();
      await dialog.getByText(uiText(language, 'errors:AMOUNT_NOT_WHOLE'), { exact: true }).waitFor();
      expect(await custom.inputValue()).toBe('0');
      await custom.blur();
      await page.waitForTimeout(200);
      expect(await custom.inputValue()).toBe('0');
      await captureScreens(page, `tip-dialog-zero-${language}`);
      await page.keyboard.press('Escape');
    });
    expect(await server.db.db.selectFrom('tips').select('id').where('order_id', '=', orderId).execute()).toEqual([]);
  });

  test("admin tip presets: 1.5, 0 and -3 stay as typed and get 'enter a valid amount'; the list is unchanged", async () => {
    const before = await getSettings(server.db.db, ['tip_usdn_amounts']);
    await eachLanguage(adminSession, async (page, language) => {
      await page.goto('/admin?tab=tip-settings');
      const usdn = page.getByTestId('tip-list-usdn');
      await usdn.getByTestId('tip-amount-usdn-100').waitFor();
      const amount = usdn.getByTestId('tip-amount-input-usdn');
      for (const typed of ['0', '-3', '1.5']) {
        await amount.fill(typed);
        await usdn.getByRole('button', { name: uiText(language, 'admin-operations:tips.add') }).click();
        await usdn.getByText(uiText(language, 'errors:INVALID_AMOUNT'), { exact: true }).waitFor();
        await amount.blur();
        expect(await amount.inputValue()).toBe(typed);
      }
      await captureScreens(page, `admin-tip-settings-refused-${language}`);
    });
    expect(await getSettings(server.db.db, ['tip_usdn_amounts'])).toEqual(before);
  });

  test('a USDT amount with three decimals is refused by name and kept as typed', async () => {
    await eachLanguage(buyerSession, async (page, language) => {
      await page.goto('/recharge?tab=usdt');
      await page.getByTestId('deposit-address').waitFor();
      const amount = page.getByTestId('usdt-amount');
      await amount.fill('12.345');
      await page.getByText(uiText(language, 'errors:AMOUNT_TOO_MANY_DECIMALS'), { exact: true }).waitFor();
      expect(await amount.inputValue()).toBe('12.345');
      expect(await page.getByRole('button', { name: uiText(language, 'wallet:usdt.submit') }).isDisabled()).toBe(true);
      await captureScreens(page, `usdt-amount-decimals-${language}`);
      // two decimals are fine
      await amount.fill('12.34');
      await page.getByText(uiText(language, 'errors:AMOUNT_TOO_MANY_DECIMALS'), { exact: true }).waitFor({ state: 'detached' });
    });
    expect(await server.db.db.selectFrom('usdt_recharge_requests').select('id').execute()).toEqual([]);
  });
});
