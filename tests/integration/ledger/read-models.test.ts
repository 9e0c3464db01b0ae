import { describe, expect, test } from '../../helpers/fixtures.ts';
import type { TestDatabase } from '../../helpers/test-db.ts';
import { insertTestUser, type TestUser } from '../../helpers/users.ts';
import { runInTransaction } from '../../../server/src/db/transaction.ts';
import { transfer, verifyLedger, type TransferInput } from '../../../server/src/domain/ledger/index.ts';

/**
 * The spec's money tables are views over the ledger (ADR 0003). One trading story is written
 * as transfers, then every view is read back and must tell the same story.
 */
let db: TestDatabase;
let buyer: TestUser;
let seller: TestUser;
let bystander: TestUser;

async function move(input: TransferInput): Promise<void> {
  await runInTransaction(db.db, (trx) => transfer(trx, input));
}

test.beforeAll(async ({ db: database }) => {
  db = database;
  buyer = await insertTestUser(db.db, { nickname: 'buyer' });
  seller = await insertTestUser(db.db, { nickname: 'seller' });
  bystander = await insertTestUser(db.db, { nickname: 'bystander' });
  const order = { referenceType: 'order', referenceId: 'order-1' };
  const refunded = { referenceType: 'order', referenceId: 'order-2' };
  const usdn = 'usdn' as const;
  const points = 'points' as const;

  await move({ currency: usdn, from: { system: 'issuance' }, to: { user: buyer.id }, amount: 10_000, kind: 'code_redemption', memo: 'batch A' });
  await move({ currency: usdn, from: { system: 'issuance' }, to: { user: buyer.id }, amount: 5_000, kind: 'usdt_recharge' });
  await move({ currency: usdn, from: { user: buyer.id }, to: { system: 'escrow' }, amount: 3_000, kind: 'purchase_escrow', ...order });
  await move({ currency: usdn, from: { system: 'escrow' }, to: { user: seller.id }, amount: 3_000, kind: 'escrow_release', ...order });
  await move({ currency: points, from: { system: 'rewards' }, to: { user: buyer.id }, amount: 150, kind: 'order_points', ...order });
  await move({ currency: points, from: { system: 'rewards' }, to: { user: seller.id }, amount: 300, kind: 'order_points', ...order });
  await move({ currency: usdn, from: { user: buyer.id }, to: { system: 'escrow' }, amount: 1_000, kind: 'purchase_escrow', ...refunded });
  await move({ currency: usdn, from: { system: 'escrow' }, to: { user: buyer.id }, amount: 1_000, kind: 'refund', ...refunded });
  await move({ currency: usdn, from: { user: buyer.id }, to: { user: seller.id }, amount: 200, kind: 'tip', memo: 'thanks' });
  await move({ currency: points, from: { user: buyer.id }, to: { user: seller.id }, amount: 10, kind: 'tip' });
  await move({ currency: usdn, from: { user: seller.id }, to: { user: buyer.id }, amount: 500, kind: 'transfer' });
  // a withdrawal paid out (fee 3 %) and one rejected
  await move({ currency: usdn, from: { user: seller.id }, to: { user: seller.id, kind: 'held' }, amount: 2_000, kind: 'withdrawal_hold' });
  await move({ currency: usdn, from: { user: seller.id, kind: 'held' }, to: { system: 'withdrawals' }, amount: 1_940, kind: 'withdrawal_burn' });
  await move({ currency: usdn, from: { user: seller.id, kind: 'held' }, to: { system: 'fees' }, amount: 60, kind: 'withdrawal_fee' });
  await move({ currency: usdn, from: { user: seller.id }, to: { user: seller.id, kind: 'held' }, amount: 500, kind: 'withdrawal_hold' });
  await move({ currency: usdn, from: { user: seller.id, kind: 'held' }, to: { user: seller.id }, amount: 500, kind: 'withdrawal_release' });
  await move({ currency: usdn, from: { system: 'issuance' }, to: { user: buyer.id }, amount: 100, kind: 'admin_adjustment', createdBy: seller.id });
  await move({ currency: usdn, from: { user: buyer.id }, to: { system: 'issuance' }, amount: 50, kind: 'admin_adjustment' });
  await move({ currency: points, from: { system: 'rewards' }, to: { user: buyer.id }, amount: 5, kind: 'checkin' });
  await move({ currency: points, from: { system: 'rewards' }, to: { user: seller.id }, amount: 50, kind: 'invitation_reward' });
  await move({ currency: points, from: { user: seller.id }, to: { system: 'fees' }, amount: 1, kind: 'publish_fee' });
  // a points redemption requested, then rejected
  await move({ currency: points, from: { user: seller.id }, to: { user: seller.id, kind: 'held' }, amount: 100, kind: 'withdrawal_hold' });
  await move({ currency: points, from: { user: seller.id, kind: 'held' }, to: { user: seller.id }, amount: 100, kind: 'withdrawal_release' });
});

describe('ledger read models', () => {
  test('the story is a healthy ledger', async () => {
    expect((await verifyLedger(db.db)).ok).toBe(true);
  });

  test('user_usdn: available, held, recharged and withdrawn per user; every user has a row', async () => {
    const rows = await db.db.selectFrom('user_usdn').selectAll().execute();
    const byUser = new Map(rows.map((row) => [row.user_id, row]));
    expect(byUser.get(buyer.id)).toEqual({
      user_id: buyer.id,
      balance_cents: 12_350,
      held_cents: 0,
      total_recharged_cents: 15_000,
      total_withdrawn_cents: 0,
    });
    expect(byUser.get(seller.id)).toEqual({
      user_id: seller.id,
      balance_cents: 700,
      held_cents: 0,
      total_recharged_cents: 0,
      total_withdrawn_cents: 2_000,
    });
    expect(byUser.get(bystander.id)).toEqual({
      user_id: bystander.id,
      balance_cents: 0,
      held_cents: 0,
      total_recharged_cents: 0,
      total_withdrawn_cents: 0,
    });
  });

  test('usdn_transactions: signed entries with spec transaction types that add up to the balance', async () => {
    const entries = await db.db
      .selectFrom('usdn_transactions')
      .select(['amount_cents', 'transaction_type', 'source', 'description'])
      .where('user_id', '=', buyer.id)
      .orderBy('transfer_id')
      .execute();
    expect(entries).toEqual([
      { amount_cents: 10_000, transaction_type: 'recharge', source: 'code_redemption', description: 'batch A' },
      { amount_cents: 5_000, transaction_type: 'recharge', source: 'usdt_recharge', description: null },
      { amount_cents: -3_000, transaction_type: 'spend', source: 'purchase_escrow', description: null },
      { amount_cents: -1_000, transaction_type: 'spend', source: 'purchase_escrow', description: null },
      { amount_cents: 1_000, transaction_type: 'refund', source: 'refund', description: null },
      { amount_cents: -200, transaction_type: 'tip_out', source: 'tip', description: 'thanks' },
      { amount_cents: 500, transaction_type: 'transfer_in', source: 'transfer', description: null },
      { amount_cents: 100, transaction_type: 'earn', source: 'admin_adjustment', description: null },
      { amount_cents: -50, transaction_type: 'spend', source: 'admin_adjustment', description: null },
    ]);

    const sellerTypes = await db.db
      .selectFrom('usdn_transactions')
      .select(['amount_cents', 'transaction_type'])
      .where('user_id', '=', seller.id)
      .orderBy('transfer_id')
      .execute();
    expect(sellerTypes).toEqual([
      { amount_cents: 3_000, transaction_type: 'earn' },
      { amount_cents: 200, transaction_type: 'tip_in' },
      { amount_cents: -500, transaction_type: 'transfer_out' },
      { amount_cents: -2_000, transaction_type: 'withdrawal' },
      { amount_cents: -500, transaction_type: 'withdrawal' },
      { amount_cents: 500, transaction_type: 'withdrawal_reversal' },
    ]);

    const totals = await db.db
      .selectFrom('user_usdn as u')
      .leftJoin('usdn_transactions as t', 't.user_id', 'u.user_id')
      .select(['u.user_id', 'u.balance_cents', (eb) => eb.fn.coalesce(eb.fn.sum<number>('t.amount_cents'), eb.lit(0)).as('sum')])
      .groupBy(['u.user_id', 'u.balance_cents'])
      .execute();
    for (const row of totals) expect(Number(row.sum)).toBe(row.balance_cents);
  });

  test('user_points: spendable and held points, lifetime earned and spent (own moves excluded)', async () => {
    const rows = await db.db.selectFrom('user_points').selectAll().where('user_id', 'in', [buyer.id, seller.id, bystander.id]).execute();
    const byUser = new Map(rows.map((row) => [row.user_id, row]));
    expect(byUser.get(buyer.id)).toEqual({ user_id: buyer.id, points_balance: 145, points_held: 0, lifetime_earned: 155, lifetime_spent: 10 });
    expect(byUser.get(seller.id)).toEqual({ user_id: seller.id, points_balance: 359, points_held: 0, lifetime_earned: 360, lifetime_spent: 1 });
    expect(byUser.get(bystander.id)).toEqual({ user_id: bystander.id, points_balance: 0, points_held: 0, lifetime_earned: 0, lifetime_spent: 0 });
  });

  test('points_rewards: spec reward types, purchase and sale told apart by who paid the order', async () => {
    const rewardsOf = (userId: string) =>
      db.db.selectFrom('points_rewards').select(['reward_type', 'points_amount', 'source']).where('user_id', '=', userId).orderBy('transfer_id').execute();
    expect(await rewardsOf(buyer.id)).toEqual([
      { reward_type: 'purchase', points_amount: 150, source: 'order_points' },
      { reward_type: 'spend', points_amount: -10, source: 'tip' },
      { reward_type: 'daily_check_in', points_amount: 5, source: 'checkin' },
    ]);
    expect(await rewardsOf(seller.id)).toEqual([
      { reward_type: 'sale', points_amount: 300, source: 'order_points' },
      { reward_type: 'other', points_amount: 10, source: 'tip' },
      { reward_type: 'invite', points_amount: 50, source: 'invitation_reward' },
      { reward_type: 'spend', points_amount: -1, source: 'publish_fee' },
      { reward_type: 'spend', points_amount: -100, source: 'withdrawal_hold' },
      { reward_type: 'refund', points_amount: 100, source: 'withdrawal_release' },
    ]);
  });
});
