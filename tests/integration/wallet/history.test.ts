import { randomUUID } from 'node:crypto';
import { runInTransaction } from '../../../server/src/db/transaction.ts';
import { transfer } from '../../../server/src/domain/ledger/index.ts';
import { generateRechargeCodes } from '../../../server/src/domain/wallet/recharge-codes/generate-codes.ts';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { callerFor } from '../../helpers/services.ts';
import { fund } from '../ledger/ledger-fixtures.ts';
import { failure, key, SOLANA_ADDRESS, usdnOf } from './support.ts';

describe('wallet.history', () => {
  test('every movement of the available USDN, signed, newest first, with links, summing to the balance', async ({ db, services, member }) => {
    const { id, api: caller } = await member();
    const { user: friend, api: friendCaller } = await member();
    const [code] = await generateRechargeCodes(db.db, {
      count: 1,
      valueCents: 10_000,
      batchName: null,
      expiresAt: null,
      createdBy: null,
      now: services.clock.now(),
    });
    await caller.wallet.redeemCode({ code: code!.code, idempotencyKey: key() });
    await caller.wallet.transfer({ email: friend.email, amount: 5, idempotencyKey: key() });
    await caller.wallet.createWithdrawal({ amount: 20, address: SOLANA_ADDRESS, idempotencyKey: key() });
    const orderId = randomUUID();
    await runInTransaction(db.db, (trx) =>
      transfer(trx, {
        currency: 'usdn',
        from: { user: id },
        to: { system: 'escrow' },
        amount: 1234,
        kind: 'purchase_escrow',
        referenceType: 'order',
        referenceId: orderId,
      }),
    );

    const page = await caller.wallet.history({ currency: 'usdn' });
    expect(page.nextCursor).toBeNull();
    expect(page.entries.map((entry) => [entry.kind, entry.amount, entry.link])).toEqual([
      ['purchase_escrow', -1234, `/orders/${orderId}`],
      ['withdrawal_hold', -2000, '/withdrawal?tab=history'],
      ['transfer', -500, '/transfer'],
      ['code_redemption', 10_000, '/recharge'],
    ]);
    const sum = page.entries.reduce((total, entry) => total + entry.amount, 0);
    expect(sum).toBe((await usdnOf(db.db, id)).available);

    // the recipient sees the same transfer as an incoming entry
    const friendPage = await friendCaller.wallet.history({ currency: 'usdn' });
    expect(friendPage.entries).toEqual([expect.objectContaining({ kind: 'transfer', amount: 500 })]);
  });

  test('points history is separate and pages by cursor without repeats', async ({ db, member }) => {
    const { id, api: caller } = await member();
    for (let index = 1; index <= 7; index++) await fund(db.db, id, 'points', index);
    await fund(db.db, id, 'usdn', 100);
    const first = await caller.wallet.history({ currency: 'points', limit: 3 });
    expect(first.entries.map((entry) => entry.amount)).toEqual([7, 6, 5]);
    expect(first.nextCursor).not.toBeNull();
    const second = await caller.wallet.history({ currency: 'points', limit: 3, cursor: first.nextCursor });
    expect(second.entries.map((entry) => entry.amount)).toEqual([4, 3, 2]);
    const third = await caller.wallet.history({ currency: 'points', limit: 3, cursor: second.nextCursor });
    expect(third.entries.map((entry) => entry.amount)).toEqual([1]);
    expect(third.nextCursor).toBeNull();
    expect(third.entries[0]!.kind).toBe('checkin');
  });

  test('a member with no movements gets an empty page; visitors are refused', async ({ services, member }) => {
    const { api: caller } = await member();
    expect(await caller.wallet.history({ currency: 'usdn' })).toEqual({ entries: [], nextCursor: null });
    expect((await failure((await callerFor(services)).wallet.history({ currency: 'usdn' }))).code).toBe('LOGIN_REQUIRED');
  });
});
