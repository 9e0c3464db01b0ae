import type { Browser, Page } from 'playwright-core';
import { expect, test, vi } from '../helpers/fixtures.ts';
import { captureScreens, describeInBrowser, openPage, uiText } from '../helpers/browser.ts';
import type { E2EServer } from '../helpers/e2e-server.ts';
import { fundUsdn, mutateInPage, signUpInPage, type ImageFiles } from '../helpers/e2e-marketplace.ts';
import { generateRechargeCodes } from '../../server/src/domain/wallet/recharge-codes/generate-codes.ts';
import { putSetting } from '../../server/src/domain/settings/settings.ts';
import { getBalances } from '../../server/src/domain/ledger/index.ts';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 300_000 });

const EN = 'en';
const en = (key: string, params?: Record<string, string | number>) => uiText(EN, key, params);
const DEPOSIT_ADDRESS = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const PAYOUT_ADDRESS = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const HASH = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';

describeInBrowser('wallet: top-up by code and USDT, withdrawal, transfer and history in the browser', () => {
  let server: E2EServer;
  let browser: Browser;
  let images: ImageFiles;

  test.beforeAll(async ({ e2eServer, browser: launched, testImages }) => {
    server = e2eServer;
    browser = launched;
    images = testImages;
    await putSetting(server.db.db, 'usdt_solana_address', DEPOSIT_ADDRESS, null, new Date());
  });

  async function newCode(valueCents: number, batchName: string | null = 'Launch week') {
    const [code] = await generateRechargeCodes(server.db.db, { count: 1, valueCents, batchName, expiresAt: null, createdBy: null, now: new Date() });
    return code!.code;
  }

  async function toast(page: Page, text: string) {
    await page.getByText(text, { exact: true }).first().waitFor();
  }

  test('redeem a code, request a USDT top-up with proof, withdraw and transfer', async () => {
    const session = await openPage(browser, { baseUrl: server.url, language: EN });
    const friendSession = await openPage(browser, { baseUrl: server.url, language: EN });
    try {
      await session.page.goto('/');
      const member = await signUpInPage(session.page, 'wallet');
      await friendSession.page.goto('/');
      const friend = await signUpInPage(friendSession.page, 'wallet-friend');
      const page = session.page;

      // --- redemption code: the field formats itself and the button waits for 16 characters
      const code = await newCode(15_000);
      await page.goto('/recharge');
      const input = page.getByRole('textbox', { name: en('wallet:code.label') });
      const redeem = page.getByRole('button', { name: en('wallet:code.redeem') });
      await input.fill(code.slice(0, 15).toLowerCase());
      expect(await input.inputValue()).toBe(`${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8, 12)}-${code.slice(12, 15)}`);
      expect(await redeem.isDisabled()).toBe(true);
      await input.fill(`${code.toLowerCase()}XYZ`);
      expect(await input.inputValue()).toBe(`${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8, 12)}-${code.slice(12, 16)}`);
      // keyboard: Enter in the field submits
      await input.press('Enter');
      await toast(page, en('wallet:code.success', { amount: '150.00' }));
      await page.getByText('Launch week').waitFor();
      await expect.poll(() => page.getByTestId('wallet-balance').innerText()).toContain('150.00');
      expect(await input.inputValue()).toBe('');
      // the same code again: the server's message
      await input.fill(code);
      await redeem.click();
      await toast(page, uiText(EN, 'errors:CODE_USED'));

      // --- USDT top-up with a proof image
      await page.getByRole('tab', { name: en('wallet:recharge.tabs.usdt') }).click();
      await page.waitForURL((url) => url.searchParams.get('tab') === 'usdt');
      await page.getByTestId('deposit-address').getByText(DEPOSIT_ADDRESS).waitFor();
      const submit = page.getByRole('button', { name: en('wallet:usdt.submit') });
      await page.getByLabel(en('wallet:usdt.amountLabel')).fill('9.99');
      await page.getByText(uiText(EN, 'errors:RECHARGE_BELOW_MINIMUM', { min: '10' })).waitFor();
      await page.getByLabel(en('wallet:usdt.amountLabel')).fill('25.5');
      await page
        .getByTestId('usdt-equivalent')
        .getByText(en('wallet:usdt.equivalent', { amount: '25.00' }))
        .waitFor();
      expect(await submit.isDisabled()).toBe(true);
      await page.locator('input[type=file]').setInputFiles(images.paths[0]!);
      await page.getByRole('img', { name: en('wallet:usdt.proofAlt', { number: 1 }) }).waitFor();
      await expect.poll(() => submit.isDisabled()).toBe(false);
      await submit.click();
      await toast(page, en('wallet:usdt.submitted'));
      expect(await page.getByLabel(en('wallet:usdt.amountLabel')).inputValue()).toBe('');
      await page.getByText('USDT 25.50').waitFor();
      await page.getByText(en('wallet:status.pending')).first().waitFor();
      const requests = await server.db.db.selectFrom('usdt_recharge_requests').selectAll().where('user_id', '=', member.id).execute();
      expect(requests).toHaveLength(1);
      expect(requests[0]).toMatchObject({ usdt_amount_cents: 2550, status: 'pending', transaction_hash: null });
      expect(requests[0]!.payment_proof).toHaveLength(1);

      // --- withdrawal: live checks, fee preview, the amount held at once
      await page.goto('/withdrawal');
      const amount = page.getByLabel(en('wallet:withdrawal.amountLabel'));
      const address = page.getByLabel(en('wallet:withdrawal.addressLabel'));
      await amount.fill('5');
      await page.getByText(uiText(EN, 'errors:WITHDRAWAL_BELOW_MINIMUM', { min: '10' })).waitFor();
      await amount.fill('12.5');
      await page.getByText(uiText(EN, 'errors:AMOUNT_NOT_WHOLE')).waitFor();
      await amount.fill('151');
      await page.getByText(en('wallet:overBalance')).waitFor();
      await amount.fill('50');
      await address.fill('0x52908400098527886E0F7030069857D2E4169EE7');
      await address.blur();
      await page.getByText(uiText(EN, 'errors:SOLANA_ADDRESS_INVALID')).waitFor();
      await address.fill(PAYOUT_ADDRESS);
      await page.getByTestId('withdrawal-preview').getByText('≈ USDT 48.50').waitFor();
      await page.getByRole('button', { name: en('wallet:withdrawal.submit') }).click();
      await toast(page, en('wallet:withdrawal.submitted'));
      await page.waitForURL((url) => url.searchParams.get('tab') === 'history');
      await page.getByText(`${en('wallet:withdrawal.address')}: ${PAYOUT_ADDRESS}`).waitFor();
      expect(await getBalances(server.db.db, member.id)).toMatchObject({ usdnAvailableCents: 10_000, usdnHeldCents: 5000 });

      // --- transfer to another member by e-mail (the old address of the screen still leads there)
      await page.goto('/points-transfer');
      await page.waitForURL((url) => url.pathname === '/transfer');
      await page.getByRole('button', { name: en('wallet:transfer.submit') }).click();
      await toast(page, uiText(EN, 'errors:FIELDS_REQUIRED'));
      await page.getByLabel(en('wallet:transfer.emailLabel')).fill(friend.email);
      await page.getByLabel(en('wallet:transfer.amountLabel')).fill('30');
      await page.getByLabel(en('wallet:transfer.notesLabel')).fill('For the brass compass');
      await page.getByRole('button', { name: en('wallet:transfer.submit') }).click();
      await toast(page, en('wallet:transfer.submitted', { amount: '30.00', email: friend.email }));
      await page.getByText(en('wallet:transfer.sentTo', { name: friend.email }), { exact: true }).waitFor();
      expect((await getBalances(server.db.db, friend.id)).usdnAvailableCents).toBe(3000);
      await friendSession.page.goto('/transfer');
      await friendSession.page.getByText('For the brass compass').waitFor();

      // --- balance history lists every movement, newest first
      await page.goto('/wallet');
      const entries = page.getByTestId('wallet-history');
      await entries.getByText(en('wallet:history.kinds.transfer')).waitFor();
      const reasons = await entries.getByText(/^(Transfer|Withdrawal requested|Redemption code)$/).allInnerTexts();
      expect(reasons).toEqual([en('wallet:history.kinds.transfer'), en('wallet:history.kinds.withdrawal_hold'), en('wallet:history.kinds.code_redemption')]);
      expect(session.pageErrors).toEqual([]);
    } finally {
      await session.close();
      await friendSession.close();
    }
  });

  test('a visitor is sent to sign in', async () => {
    const session = await openPage(browser, { baseUrl: server.url, language: EN });
    try {
      await session.page.goto('/withdrawal');
      await session.page.waitForURL((url) => url.pathname === '/auth');
      await session.page.getByText(uiText(EN, 'errors:LOGIN_REQUIRED')).first().waitFor();
    } finally {
      await session.close();
    }
  });

  for (const language of ['zh-CN', 'en'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      test(`screens of the wallet (${language}, ${theme})`, async () => {
        const session = await openPage(browser, { baseUrl: server.url, language, theme });
        try {
          const page = session.page;
          await page.goto('/');
          const member = await signUpInPage(page, `screens-${language}-${theme}`);
          const friend = await signUpInPage((await openPage(browser, { baseUrl: server.url })).page, `screens-friend-${language}`);
          await fundUsdn(server, member.id, 64_250);
          const key = () => `e2e-${crypto.randomUUID()}`;
          await mutateInPage(page, 'wallet.redeemCode', { code: await newCode(10_000, 'Spring promo'), idempotencyKey: key() });
          await mutateInPage(page, 'wallet.redeemCode', { code: await newCode(5000, null), idempotencyKey: key() });
          const rejected = await mutateInPage<{ id: string }>(page, 'wallet.createUsdtRecharge', {
            amountCents: 3000,
            transactionHash: HASH,
            idempotencyKey: key(),
          });
          await server.db.db
            .updateTable('usdt_recharge_requests')
            .set({ status: 'rejected', rejection_reason: 'Transaction not found on chain' })
            .where('id', '=', rejected.id)
            .execute();
          await mutateInPage(page, 'wallet.createUsdtRecharge', { amountCents: 12_000, transactionHash: HASH, idempotencyKey: key() });
          await mutateInPage(page, 'wallet.createWithdrawal', { amount: 40, address: PAYOUT_ADDRESS, idempotencyKey: key() });
          await mutateInPage(page, 'wallet.transfer', { email: friend.email, amount: 12, notes: 'Thanks for the quick shipping!', idempotencyKey: key() });
          const suffix = `${language}-${theme}`;

          await page.goto('/recharge');
          await page.getByText('Spring promo').waitFor();
          await captureScreens(page, `wallet-recharge-code-${suffix}`);
          await page.goto('/recharge?tab=usdt');
          await page.getByTestId('deposit-address').waitFor();
          await page.getByText('Transaction not found on chain', { exact: false }).waitFor();
          await captureScreens(page, `wallet-recharge-usdt-${suffix}`);
          await page.goto('/withdrawal');
          await page.getByLabel(uiText(language, 'wallet:withdrawal.amountLabel')).fill('100');
          await page.getByLabel(uiText(language, 'wallet:withdrawal.addressLabel')).fill(PAYOUT_ADDRESS);
          await page.getByTestId('withdrawal-preview').waitFor();
          await captureScreens(page, `wallet-withdrawal-apply-${suffix}`);
          await page.goto('/withdrawal?tab=history');
          await page.getByText(PAYOUT_ADDRESS, { exact: false }).waitFor();
          await captureScreens(page, `wallet-withdrawal-history-${suffix}`);
          await page.goto('/transfer');
          await page.getByText('Thanks for the quick shipping!').waitFor();
          await captureScreens(page, `wallet-transfer-${suffix}`);
          await page.goto('/wallet');
          await page.getByText(uiText(language, 'wallet:history.kinds.transfer')).first().waitFor();
          await captureScreens(page, `wallet-history-${suffix}`);
          expect(session.pageErrors).toEqual([]);
        } finally {
          await session.close();
        }
      });
    }
  }
});
