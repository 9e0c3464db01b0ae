import { randomUUID } from 'node:crypto';
import type { TSendTipInput } from '@curio/shared';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { getBalances, verifyLedger, formatLedgerReport } from '../../../server/src/domain/ledger/index.ts';
import { putSetting } from '../../../server/src/domain/settings/settings.ts';
import { callerFor } from '../../helpers/services.ts';
import { NEEDS_POSTGRES, onRealPostgres, type TestDatabase } from '../../helpers/test-db.ts';
import { openAuthWorld, type AuthTestServices } from '../auth/support.ts';
import { fund } from '../ledger/ledger-fixtures.ts';
import { completedDeal, member } from '../reviews/fixtures.ts';
import { expectAppError } from '../../helpers/app-errors.ts';

test.override('poolSize', 10);

if (!onRealPostgres()) console.warn(`[tips races] skipped: ${NEEDS_POSTGRES}`);

// the services record what they publish: a tip announces the new balances
let db: TestDatabase;
let services: AuthTestServices;

test.beforeAll(({ db: fileDb, services: fileServices }) => {
  ({ db, services } = openAuthWorld({ db: fileDb, services: fileServices }));
});
test.afterAll(async () => {
  const report = db ? await verifyLedger(db.db) : null;
  if (report && !report.ok) throw new Error(formatLedgerReport(report));
});

function tipInput(orderId: string, overrides: Partial<TSendTipInput> = {}): TSendTipInput {
  return { orderId, currency: 'usdn', amount: 5, message: 'Thanks!', idempotencyKey: randomUUID(), ...overrides };
}

async function tipRows(orderId: string) {
  return db.db.selectFrom('tips').selectAll().where('order_id', '=', orderId).execute();
}

/** A completed deal whose buyer holds 50.00 USDN and 30 points. */
async function fundedDeal(status?: Parameters<typeof completedDeal>[1]) {
  const deal = await completedDeal(services, status);
  await fund(db.db, deal.buyer.user.id, 'usdn', 5000);
  await fund(db.db, deal.buyer.user.id, 'points', 30);
  return deal;
}

describe('orders.tips.send', () => {
  test('a USDN tip: whole units become cents, buyer to seller, recorded, notified, announced', async () => {
    const { buyer, seller, orderId } = await fundedDeal();
    services.events.published.length = 0;
    const tip = await buyer.api.orders.tips.send(tipInput(orderId, { amount: 12, message: '  <b>Great</b> seller  ' }));
    expect(tip).toMatchObject({
      orderId,
      currency: 'usdn',
      amount: 1200,
      message: 'Great seller',
      from: { id: buyer.user.id, nickname: 'Buyer' },
      to: { id: seller.user.id, nickname: 'Seller' },
    });
    expect((await getBalances(db.db, buyer.user.id)).usdnAvailableCents).toBe(3800);
    expect((await getBalances(db.db, seller.user.id)).usdnAvailableCents).toBe(1200);
    const transfers = await db.db
      .selectFrom('ledger_transfers')
      .select(['kind', 'reference_type', 'reference_id', 'amount', 'currency'])
      .where('reference_id', '=', orderId)
      .execute();
    expect(transfers).toEqual([{ kind: 'tip', reference_type: 'order', reference_id: orderId, amount: 1200, currency: 'usdn' }]);
    const notes = await db.db.selectFrom('notifications').select(['type', 'params', 'link']).where('user_id', '=', seller.user.id).execute();
    expect(notes).toEqual([
      {
        type: 'tip_received',
        params: { nickname: 'Buyer', title: 'Hand-bound notebook', currency: 'usdn', amount: '12.00' },
        link: `/orders/${orderId}`,
      },
    ]);
    expect(services.events.published).toEqual(
      expect.arrayContaining([
        { type: 'balances-changed', userId: buyer.user.id },
        { type: 'balances-changed', userId: seller.user.id },
      ]),
    );
  });

  test('a points tip moves whole points; no message is null', async () => {
    const { buyer, seller, orderId } = await fundedDeal();
    const tip = await buyer.api.orders.tips.send(tipInput(orderId, { currency: 'points', amount: 20, message: '   ' }));
    expect(tip).toMatchObject({ currency: 'points', amount: 20, message: null });
    expect((await getBalances(db.db, buyer.user.id)).points).toBe(10);
    // the seller's one funded point paid the listing's publishing fee
    expect((await getBalances(db.db, seller.user.id)).points).toBe(20);
  });

  test.each([0, -3, 1.5, Number.NaN])('AMOUNT_NOT_WHOLE for %d, nothing moves', async (amount) => {
    const { buyer, orderId } = await fundedDeal();
    await expectAppError(buyer.api.orders.tips.send(tipInput(orderId, { amount })), 'AMOUNT_NOT_WHOLE');
    expect(await tipRows(orderId)).toHaveLength(0);
    expect((await getBalances(db.db, buyer.user.id)).usdnAvailableCents).toBe(5000);
  });

  test('an absurd amount is INVALID_AMOUNT', async () => {
    const { buyer, orderId } = await fundedDeal();
    await expectAppError(buyer.api.orders.tips.send(tipInput(orderId, { amount: 10_000_001 })), 'INVALID_AMOUNT');
  });

  test('INSUFFICIENT_BALANCE {needed} and INSUFFICIENT_POINTS above the chosen balance; the key can be retried', async () => {
    const { buyer, seller, orderId } = await fundedDeal();
    const key = randomUUID();
    const { data } = await expectAppError(buyer.api.orders.tips.send(tipInput(orderId, { amount: 51, idempotencyKey: key })), 'INSUFFICIENT_BALANCE');
    expect(data.params).toMatchObject({ needed: '51.00' });
    await expectAppError(buyer.api.orders.tips.send(tipInput(orderId, { currency: 'points', amount: 31 })), 'INSUFFICIENT_POINTS');
    expect(await tipRows(orderId)).toHaveLength(0);
    expect((await getBalances(db.db, seller.user.id)).usdnAvailableCents).toBe(0);
    // a failure is not remembered: after topping up, the same submission goes through
    await fund(db.db, buyer.user.id, 'usdn', 100);
    await buyer.api.orders.tips.send(tipInput(orderId, { amount: 51, idempotencyKey: key }));
    expect((await getBalances(db.db, buyer.user.id)).usdnAvailableCents).toBe(0);
  });

  test('CONTENT_TOO_LONG {max: 200} for a long message; 200 is fine', async () => {
    const { buyer, orderId } = await fundedDeal();
    const { data } = await expectAppError(buyer.api.orders.tips.send(tipInput(orderId, { message: 'm'.repeat(201) })), 'CONTENT_TOO_LONG');
    expect(data.params).toMatchObject({ max: 200 });
    expect(await tipRows(orderId)).toHaveLength(0);
    await buyer.api.orders.tips.send(tipInput(orderId, { message: 'm'.repeat(200) }));
    expect(await tipRows(orderId)).toHaveLength(1);
  });

  test('CONTACT_INFO_DETECTED in the message', async () => {
    const { buyer, orderId } = await fundedDeal();
    await expectAppError(buyer.api.orders.tips.send(tipInput(orderId, { message: 'ring me 13800138000' })), 'CONTACT_INFO_DETECTED');
    expect(await tipRows(orderId)).toHaveLength(0);
  });

  test('TIP_NOT_ALLOWED for the seller and a stranger; ORDER_NOT_FOUND for no order; LOGIN_REQUIRED', async () => {
    const { seller, orderId } = await fundedDeal();
    await fund(db.db, seller.user.id, 'usdn', 1000);
    const stranger = await member(services);
    await fund(db.db, stranger.user.id, 'usdn', 1000);
    await expectAppError(seller.api.orders.tips.send(tipInput(orderId)), 'TIP_NOT_ALLOWED');
    await expectAppError(stranger.api.orders.tips.send(tipInput(orderId)), 'TIP_NOT_ALLOWED');
    await expectAppError(stranger.api.orders.tips.send(tipInput(randomUUID())), 'ORDER_NOT_FOUND');
    await expectAppError((await callerFor(services)).orders.tips.send(tipInput(orderId)), 'LOGIN_REQUIRED');
    expect(await tipRows(orderId)).toHaveLength(0);
  });

  test.each(['pending', 'paid', 'shipped', 'refunding', 'refunded', 'cancelled'] as const)('TIP_NOT_ALLOWED while the order is %s', async (status) => {
    const { buyer, orderId } = await fundedDeal(status);
    await expectAppError(buyer.api.orders.tips.send(tipInput(orderId)), 'TIP_NOT_ALLOWED');
    expect((await getBalances(db.db, buyer.user.id)).usdnAvailableCents).toBe(5000);
  });

  test('a repeated key returns the first tip and moves money once; other parameters conflict', async () => {
    const { buyer, orderId } = await fundedDeal();
    const input = tipInput(orderId, { amount: 3 });
    const first = await buyer.api.orders.tips.send(input);
    const again = await buyer.api.orders.tips.send(input);
    expect(again.id).toBe(first.id);
    expect(await tipRows(orderId)).toHaveLength(1);
    expect((await getBalances(db.db, buyer.user.id)).usdnAvailableCents).toBe(4700);
    await expectAppError(buyer.api.orders.tips.send({ ...input, amount: 4 }), 'IDEMPOTENCY_CONFLICT');
  });

  test.skipIf(!onRealPostgres())('eight racing submits with one key: one tip, money moved once', async () => {
    const { buyer, seller, orderId } = await fundedDeal();
    const input = tipInput(orderId, { amount: 7 });
    const results = await Promise.all(Array.from({ length: 8 }, () => buyer.api.orders.tips.send(input)));
    expect(new Set(results.map((tip) => tip.id)).size).toBe(1);
    expect(await tipRows(orderId)).toHaveLength(1);
    expect((await getBalances(db.db, buyer.user.id)).usdnAvailableCents).toBe(4300);
    expect((await getBalances(db.db, seller.user.id)).usdnAvailableCents).toBe(700);
    const report = await verifyLedger(db.db);
    expect(report.violations).toEqual([]);
  });

  test.skipIf(!onRealPostgres())('racing tips with different keys never overdraw: 10 × 10 USDN over 50 USDN', async () => {
    const { buyer, orderId } = await fundedDeal();
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => buyer.api.orders.tips.send(tipInput(orderId, { amount: 10 }))));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(5);
    expect(await tipRows(orderId)).toHaveLength(5);
    expect((await getBalances(db.db, buyer.user.id)).usdnAvailableCents).toBe(0);
  });
});

describe('orders.tips.forOrder and presets', () => {
  test('buyer and seller see the tips newest first; others are refused', async () => {
    const { buyer, seller, orderId } = await fundedDeal();
    await buyer.api.orders.tips.send(tipInput(orderId, { amount: 1 }));
    services.clock.advance(1000);
    await buyer.api.orders.tips.send(tipInput(orderId, { currency: 'points', amount: 5 }));
    const forBuyer = await buyer.api.orders.tips.forOrder({ orderId });
    expect(forBuyer.map((tip) => [tip.currency, tip.amount])).toEqual([
      ['points', 5],
      ['usdn', 100],
    ]);
    expect(await seller.api.orders.tips.forOrder({ orderId })).toEqual(forBuyer);
    const stranger = await member(services);
    await expectAppError(stranger.api.orders.tips.forOrder({ orderId }), 'ORDER_ACCESS_DENIED');
    await expectAppError(buyer.api.orders.tips.forOrder({ orderId: randomUUID() }), 'ORDER_NOT_FOUND');
  });

  test('orders.get lists the tips for the buyer, the seller and an admin; a third member cannot read the order', async ({ admin }) => {
    const { buyer, seller, orderId } = await fundedDeal();
    expect((await buyer.api.orders.get({ orderId })).tips).toEqual([]);
    await buyer.api.orders.tips.send(tipInput(orderId, { amount: 5, message: 'thanks!' }));
    services.clock.advance(1000);
    // the server allows another tip on the same order: the page offers "tip again"
    await buyer.api.orders.tips.send(tipInput(orderId, { currency: 'points', amount: 10, message: null }));
    const forBuyer = await buyer.api.orders.get({ orderId });
    expect(forBuyer.tips).toEqual([
      expect.objectContaining({ currency: 'points', amount: 10, message: null }),
      expect.objectContaining({
        orderId,
        currency: 'usdn',
        amount: 500,
        message: 'thanks!',
        from: { id: buyer.user.id, nickname: 'Buyer' },
        to: { id: seller.user.id, nickname: 'Seller' },
      }),
    ]);
    expect(forBuyer.tips[1]?.createdAt).toBeInstanceOf(Date);
    expect(forBuyer.tips).toEqual(await buyer.api.orders.tips.forOrder({ orderId }));
    const forSeller = await seller.api.orders.get({ orderId });
    expect(forSeller.role).toBe('seller');
    expect(forSeller.tips).toEqual(forBuyer.tips);
    expect((await admin.api.orders.get({ orderId })).tips).toEqual(forBuyer.tips);
    const stranger = await member(services);
    await expectAppError(stranger.api.orders.get({ orderId }), 'ORDER_ACCESS_DENIED');
  });

  test('presets: the spec defaults, then an admin override shown ascending', async () => {
    const visitor = await callerFor(services);
    expect(await visitor.orders.tips.presets()).toEqual({ usdn: [1, 2, 5, 10, 20, 100], points: [1, 5, 10, 20, 50, 100] });
    await putSetting(db.db, 'tip_usdn_amounts', [50, 3, 8], null, services.clock.now());
    expect((await visitor.orders.tips.presets()).usdn).toEqual([3, 8, 50]);
    await putSetting(db.db, 'tip_usdn_amounts', [1, 2, 5, 10, 20, 100], null, services.clock.now());
  });
});
