import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { expect, test, vi } from '../helpers/fixtures.ts';
import { captureScreens, describeInBrowser, openPage, uiText, type BrowserPage } from '../helpers/browser.ts';
import type { E2EServer } from '../helpers/e2e-server.ts';
import { fundUsdn, mutateInPage, signUpInPage, type E2EMember } from '../helpers/e2e-marketplace.ts';
import { putSetting } from '../../server/src/domain/settings/settings.ts';
import { getBalances } from '../../server/src/domain/ledger/index.ts';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 300_000 });

const EN = 'en';
const en = (key: string, params?: Record<string, string | number>) => uiText(EN, key, params);
const DEPOSIT_ADDRESS = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const PAYOUT_ADDRESS = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const TRON_HASH = 'a3f1c2d4e5b6978812ab34cd56ef7890a1b2c3d4e5f60718293a4b5c6d7e8f90';
const SOLANA_HASH = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';
const key = () => `e2e-${crypto.randomUUID()}`;

/** Uploads a small PNG as a payment proof from inside the member's page (same cookie as the form would use). */
async function uploadProof(page: Page, colour: string): Promise<string> {
  const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const body = new FormData();
    body.append('file', new File([bytes], 'proof.png', { type: 'image/png' }));
    const response = await fetch('/api/uploads?purpose=proof', { method: 'POST', body });
    const json = (await response.json()) as { key: string };
    return json.key;
  }, png.toString('base64'));
}

describeInBrowser('admin console: recharge codes, USDT top-ups and USDN withdrawals in the browser', () => {
  let server: E2EServer;
  let browser: Browser;
  let adminSession: BrowserPage;
  let memberSession: BrowserPage;
  let member: E2EMember;

  test.beforeAll(async ({ e2eServer, browser: launched }) => {
    server = e2eServer;
    browser = launched;
    await putSetting(server.db.db, 'usdt_solana_address', DEPOSIT_ADDRESS, null, new Date());
    adminSession = await openPage(browser, { baseUrl: server.url, language: EN });
    memberSession = await openPage(browser, { baseUrl: server.url, language: EN });
    await adminSession.page.goto('/');
    const admin = await signUpInPage(adminSession.page, 'money-admin');
    await server.db.db.insertInto('user_roles').values({ user_id: admin.id, role: 'admin' }).execute();
    await memberSession.page.goto('/');
    member = await signUpInPage(memberSession.page, 'money-member');
  });
  test.afterAll(async () => {
    await adminSession?.close();
    await memberSession?.close();
  });

  async function toast(page: Page, text: string) {
    await page.getByText(text, { exact: true }).first().waitFor();
  }

  test('generate codes and download the CSV, a member redeems one, disable and delete others', async () => {
    const page = adminSession.page;
    await page.goto('/admin?tab=recharge-codes');
    await page.getByRole('heading', { name: en('admin:tabs.recharge-codes') }).waitFor();
    // the spec's defaults
    expect(await page.getByTestId('codes-value').inputValue()).toBe('100');
    expect(await page.getByTestId('codes-quantity').inputValue()).toBe('10');
    expect(await page.getByTestId('codes-expiry').inputValue()).toBe('30');

    // the limits answer with the spec's messages before anything is sent
    await page.getByTestId('codes-quantity').fill('1001');
    await page.getByTestId('codes-value').fill('9');
    await page.getByRole('button', { name: en('admin-money:codes.generate'), exact: true }).click();
    await page.getByText(uiText(EN, 'errors:CODE_QUANTITY_RANGE')).waitFor();
    await page.getByText(uiText(EN, 'errors:CODE_VALUE_MINIMUM')).waitFor();
    expect(await server.db.db.selectFrom('recharge_codes').select('id').execute()).toHaveLength(0);

    await page.getByTestId('codes-value').fill('25');
    await page.getByTestId('codes-quantity').fill('3');
    await page.getByTestId('codes-expiry').fill('0');
    await page.getByTestId('codes-batch').fill('E2E launch');
    await page.getByRole('button', { name: en('admin-money:codes.generate'), exact: true }).click();
    await toast(page, en('admin-money:codes.generated'));
    await page
      .getByTestId('codes-generated')
      .getByText(en('admin-money:codes.batchReady_other', { batch: 'E2E launch', count: 3 }))
      .waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: en('admin-money:codes.downloadBatch') }).click()]);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(
      [en('admin-money:codes.code'), en('admin-money:codes.valueColumn'), en('admin-money:codes.batchName'), en('admin-money:codes.expiresAt')].join(','),
    );
    expect(lines).toHaveLength(4);
    const codes = lines.slice(1).map((line) => line.split(','));
    for (const [code, value, batch, expiry] of codes) {
      expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/);
      expect([value, batch, expiry]).toEqual(['25.00', 'E2E launch', en('admin-money:codes.permanent')]);
    }

    // a member redeems the first code from the file
    const [redeemed, toDisable, toDelete] = codes.map(([code]) => code!);
    await mutateInPage(memberSession.page, 'wallet.redeemCode', { code: redeemed, idempotencyKey: key() });
    expect((await getBalances(server.db.db, member.id)).usdnAvailableCents).toBe(2_500);

    const table = page.getByTestId('codes-table');
    const search = page.getByTestId('codes-search');
    await search.fill(redeemed!);
    await table.getByText(en('admin:status.used')).waitFor();
    await expect.poll(() => table.getByTestId('codes-table-row').count()).toBe(1);

    await search.fill(toDisable!.toLowerCase());
    await expect.poll(() => table.getByTestId('codes-table-row').count()).toBe(1);
    await table.getByRole('button', { name: en('admin-money:codes.disable'), exact: true }).click();
    await toast(page, en('admin-money:codes.updated'));
    await table.getByText(en('admin:status.disabled')).waitFor();

    await search.fill(toDelete!);
    await expect.poll(() => table.getByText(toDisable!).count()).toBe(0);
    await table.getByRole('button', { name: en('admin-money:codes.delete') }).click();
    // the confirmation's own button, found inside the dialog: under load the dialog renders after
    // its overlay, and a page-wide "last Delete button" could resolve to the table's behind it
    await page
      .getByRole('dialog')
      .getByRole('button', { name: en('admin-money:codes.delete'), exact: true })
      .click();
    await toast(page, en('admin-money:codes.deleted'));
    await page.getByText(en('admin:kit.empty')).waitFor();
    const left = await server.db.db.selectFrom('recharge_codes').select(['code', 'status']).orderBy('status').execute();
    expect(left.map((c) => c.status)).toEqual(['disabled', 'used']);
    expect(adminSession.pageErrors).toEqual([]);
  });

  test('approve a USDT top-up from its detail dialog, reject another with a reason', async () => {
    const proof = await uploadProof(memberSession.page, '#1c7ed6');
    const good = await mutateInPage<{ id: string }>(memberSession.page, 'wallet.createUsdtRecharge', {
      amountCents: 4_250,
      transactionHash: TRON_HASH,
      proofImages: [proof],
      idempotencyKey: key(),
    });
    await mutateInPage(memberSession.page, 'wallet.createUsdtRecharge', {
      amountCents: 9_900,
      transactionHash: `${TRON_HASH.slice(0, -4)}beef`,
      idempotencyKey: key(),
    });
    const before = (await getBalances(server.db.db, member.id)).usdnAvailableCents;

    const page = adminSession.page;
    await page.goto('/admin?tab=usdt-recharge');
    const table = page.getByTestId('usdt-table');
    await table.getByText('USDT 42.50').waitFor();
    await page.getByTestId('usdt-filter').getByText(en('admin:status.pending')).click();
    await expect.poll(() => table.getByTestId('usdt-table-row').count()).toBe(2);

    // detail: proof image, TRON explorer link, approve credits 42 whole USDN
    await table
      .getByTestId('usdt-table-row')
      .filter({ hasText: 'USDT 42.50' })
      .getByRole('button', { name: en('admin-money:usdt.details') })
      .click();
    const detail = page.getByTestId('usdt-detail');
    await detail.getByRole('img', { name: en('admin-money:usdt.proofAlt', { index: 1 }) }).waitFor();
    expect(await detail.getByRole('link', { name: /a3f1c2d4/ }).getAttribute('href')).toBe(`https://tronscan.org/#/transaction/${TRON_HASH}`);
    await captureScreens(page, 'admin-money-usdt-detail-en-light');
    await detail.getByLabel(en('admin-money:usdt.adminNotes')).fill('Checked on Tronscan');
    await detail.getByRole('button', { name: en('admin-money:usdt.approve') }).click();
    await toast(page, en('admin-money:usdt.approved'));
    expect((await getBalances(server.db.db, member.id)).usdnAvailableCents).toBe(before + 4_200);
    const approved = await server.db.db.selectFrom('usdt_recharge_requests').selectAll().where('id', '=', good.id).executeTakeFirstOrThrow();
    expect(approved).toMatchObject({ status: 'approved', credited_cents: 4_200, admin_notes: 'Checked on Tronscan' });

    // reject: the reason is required
    await expect.poll(() => table.getByTestId('usdt-table-row').count()).toBe(1);
    await table.getByRole('button', { name: en('admin-money:usdt.details') }).click();
    await detail.getByRole('button', { name: en('admin-money:usdt.reject') }).click();
    const dialog = page.getByRole('dialog', { name: en('admin-money:usdt.rejectTitle') });
    await dialog.getByRole('button', { name: en('admin-money:usdt.reject') }).click();
    await dialog.getByText(uiText(EN, 'errors:REJECTION_REASON_REQUIRED')).waitFor();
    await dialog.getByLabel(en('admin-money:usdt.rejectionReason')).fill('No such transaction on chain');
    await dialog.getByRole('button', { name: en('admin-money:usdt.reject') }).click();
    await toast(page, en('admin-money:usdt.rejected'));
    await page.getByText(en('admin:kit.empty')).waitFor();
    expect((await getBalances(server.db.db, member.id)).usdnAvailableCents).toBe(before + 4_200);
    expect(adminSession.pageErrors).toEqual([]);
  });

  test('approve a USDN withdrawal with the chain hash, reject another: the hold comes back', async () => {
    await fundUsdn(server, member.id, 20_000);
    const first = await mutateInPage<{ id: string }>(memberSession.page, 'wallet.createWithdrawal', {
      amount: 100,
      address: PAYOUT_ADDRESS,
      idempotencyKey: key(),
    });
    await mutateInPage(memberSession.page, 'wallet.createWithdrawal', { amount: 30, address: DEPOSIT_ADDRESS, idempotencyKey: key() });
    const held = await getBalances(server.db.db, member.id);
    expect(held.usdnHeldCents).toBe(13_000);

    const page = adminSession.page;
    await page.goto('/admin?tab=usdn-withdrawals');
    await page
      .getByTestId('withdrawals-pending-badge')
      .getByText(en('admin:pendingBadge', { count: 2 }))
      .waitFor();
    const table = page.getByTestId('withdrawals-table');
    const firstRow = table.getByTestId('withdrawals-table-row').filter({ hasText: 'USDN 100.00' });
    await firstRow.getByRole('button', { name: en('admin-money:withdrawals.approve') }).click();
    const approve = page.getByRole('dialog', { name: en('admin-money:withdrawals.approveTitle') });
    await approve.getByText(PAYOUT_ADDRESS).waitFor();
    await approve.getByRole('button', { name: en('admin-money:withdrawals.approve') }).click();
    await approve.getByText(uiText(EN, 'errors:TRANSACTION_HASH_REQUIRED')).waitFor();
    await approve.getByLabel(en('admin-money:withdrawals.hashLabel')).fill(SOLANA_HASH);
    await approve.getByRole('button', { name: en('admin-money:withdrawals.approve') }).click();
    await toast(page, en('admin-money:withdrawals.approved'));
    const done = await server.db.db.selectFrom('usdn_withdrawal_requests').selectAll().where('id', '=', first.id).executeTakeFirstOrThrow();
    expect(done).toMatchObject({ status: 'completed', transaction_hash: SOLANA_HASH });

    await table
      .getByTestId('withdrawals-table-row')
      .filter({ hasText: 'USDN 30.00' })
      .getByRole('button', { name: en('admin-money:withdrawals.reject') })
      .click();
    const reject = page.getByRole('dialog', { name: en('admin-money:withdrawals.rejectTitle') });
    await reject.getByLabel(en('admin-money:withdrawals.reasonLabel')).fill('The address belongs to an exchange');
    await reject.getByRole('button', { name: en('admin-money:withdrawals.reject') }).click();
    await toast(page, en('admin-money:withdrawals.rejected'));
    expect(await getBalances(server.db.db, member.id)).toMatchObject({ usdnAvailableCents: held.usdnAvailableCents + 3_000, usdnHeldCents: 0 });

    // the completed one links to the Solana explorer
    await page.getByTestId('withdrawals-filter').getByText(en('admin:status.completed')).click();
    const link = table.getByRole('link', { name: /5VERv8NM/ });
    expect(await link.getAttribute('href')).toBe(`https://solscan.io/tx/${SOLANA_HASH}`);
    expect(adminSession.pageErrors).toEqual([]);
  });

  test('screens of the three tabs (zh-CN light, en dark)', async () => {
    // something waiting in every queue, so the screens show the actions too
    await mutateInPage(memberSession.page, 'wallet.createUsdtRecharge', {
      amountCents: 15_000,
      transactionHash: `${TRON_HASH.slice(0, -4)}cafe`,
      idempotencyKey: key(),
    });
    await mutateInPage(memberSession.page, 'wallet.createWithdrawal', { amount: 20, address: PAYOUT_ADDRESS, idempotencyKey: key() });
    await mutateInPage(adminSession.page, 'admin.rechargeCodes.generate', { valueUsdn: 100, quantity: 4, expiryDays: 30, batchName: '双十一活动' });
    // both languages and both themes, paired to keep the file near a minute (all four pairs took 65 s)
    const pairs = [
      ['zh-CN', 'light'],
      ['en', 'dark'],
    ] as const;
    for (const [language, theme] of pairs) {
      const session = await openPage(browser, { baseUrl: server.url, language, theme });
      try {
        await session.context.addCookies(await adminSession.context.cookies());
        const page = session.page;
        const suffix = `${language}-${theme}`;
        await page.goto('/admin?tab=recharge-codes');
        await page.getByText('双十一活动').first().waitFor();
        await captureScreens(page, `admin-money-codes-${suffix}`);
        await page.goto('/admin?tab=usdt-recharge');
        await page.getByText('USDT 150.00').waitFor();
        await captureScreens(page, `admin-money-usdt-${suffix}`);
        await page.goto('/admin?tab=usdn-withdrawals');
        await page.getByText('USDN 20.00').waitFor();
        await captureScreens(page, `admin-money-withdrawals-${suffix}`);
        expect(session.pageErrors).toEqual([]);
      } finally {
        await session.close();
      }
    }
  });
});
