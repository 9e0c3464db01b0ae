import { putSetting } from '../../../server/src/domain/settings/settings.ts';
import { runInTransaction } from '../../../server/src/db/transaction.ts';
import { generateRechargeCodes } from '../../../server/src/domain/wallet/recharge-codes/generate-codes.ts';
import { approveUsdtRecharge, rejectUsdtRecharge } from '../../../server/src/domain/wallet/resolve-usdt-recharge.ts';
import { approveWithdrawal, rejectWithdrawal } from '../../../server/src/domain/wallet/resolve-withdrawal.ts';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { NEEDS_POSTGRES, onRealPostgres } from '../../helpers/test-db.ts';
import { insertTestUser } from '../../helpers/users.ts';
import { codeOf, expectCleanLedger, key, SOLANA_ADDRESS, usdnOf } from './support.ts';

test.override('poolSize', 30);

const HASH = '4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZAMdL4VZHirAn5ApvKw8i6ZzL3SmfUDdpa8JnTdnDzcqmvCpXz4GMzrUB';

if (!onRealPostgres()) console.warn(`[wallet races] skipped: ${NEEDS_POSTGRES}`);

function codesOf(outcomes: PromiseSettledResult<unknown>[]) {
  return outcomes.filter((outcome) => outcome.status === 'rejected').map((outcome) => codeOf(outcome.reason));
}

describe('wallet under concurrency (real PostgreSQL)', () => {
  test.skipIf(!onRealPostgres())('20 members redeeming one code at once: credited exactly once', async ({ db, services, member }) => {
    const [code] = await generateRechargeCodes(db.db, {
      count: 1,
      valueCents: 5000,
      batchName: null,
      expiresAt: null,
      createdBy: null,
      now: services.clock.now(),
    });
    const members = await Promise.all(Array.from({ length: 20 }, () => member()));
    const callers = members.map((one) => one.api);
    const outcomes = await Promise.allSettled(callers.map((caller) => caller.wallet.redeemCode({ code: code!.code, idempotencyKey: key() })));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(codesOf(outcomes)).toEqual(Array.from({ length: 19 }, () => 'CODE_USED'));
    const balances = await Promise.all(members.map((one) => usdnOf(db.db, one.id)));
    expect(balances.reduce((total, balance) => total + balance.available, 0)).toBe(5000);
    const redemptions = await db.db.selectFrom('recharge_code_redemptions').select('user_id').where('code_id', '=', code!.id).execute();
    expect(redemptions).toHaveLength(1);
    await expectCleanLedger(db.db);
  });

  test.skipIf(!onRealPostgres())('100 USDN: a 100 withdrawal and a 100 transfer at once, exactly one succeeds', async ({ db, member }) => {
    for (let round = 0; round < 5; round++) {
      const { id, api: caller } = await member({ usdnCents: 10_000 });
      const { user: friend } = await member();
      const outcomes = await Promise.allSettled([
        caller.wallet.createWithdrawal({ amount: 100, address: SOLANA_ADDRESS, idempotencyKey: key() }),
        caller.wallet.transfer({ email: friend.email, amount: 100, idempotencyKey: key() }),
      ]);
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      expect(codesOf(outcomes)).toEqual(['INSUFFICIENT_BALANCE']);
      const mine = await usdnOf(db.db, id);
      const theirs = await usdnOf(db.db, friend.id);
      expect(mine.available).toBe(0);
      expect(mine.held + theirs.available).toBe(10_000);
    }
    await expectCleanLedger(db.db);
  });

  test.skipIf(!onRealPostgres())('two admins approving one USDT request at once credit it once', async ({ db, services, member }) => {
    await putSetting(db.db, 'usdt_solana_address', SOLANA_ADDRESS, null, services.clock.now());
    const admins = await Promise.all([insertTestUser(db.db, { admin: true }), insertTestUser(db.db, { admin: true })]);
    const { id: memberId, api: caller } = await member();
    const { id } = await caller.wallet.createUsdtRecharge({ amountCents: 5000, transactionHash: HASH, idempotencyKey: key() });
    const outcomes = await Promise.allSettled(
      admins.map((admin) => runInTransaction(db.db, (trx) => approveUsdtRecharge(trx, { requestId: id, adminId: admin.id, now: services.clock.now() }))),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(codesOf(outcomes)).toEqual(['REQUEST_ALREADY_PROCESSED']);
    expect((await usdnOf(db.db, memberId)).available).toBe(5000);

    // approve and reject racing: one of them wins, and the money matches the winner
    const second = await caller.wallet.createUsdtRecharge({ amountCents: 3000, transactionHash: HASH, idempotencyKey: key() });
    const mixed = await Promise.allSettled([
      runInTransaction(db.db, (trx) => approveUsdtRecharge(trx, { requestId: second.id, adminId: admins[0].id, now: services.clock.now() })),
      runInTransaction(db.db, (trx) => rejectUsdtRecharge(trx, { requestId: second.id, adminId: admins[1].id, now: services.clock.now(), reason: 'dup' })),
    ]);
    expect(mixed.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const status = (await db.db.selectFrom('usdt_recharge_requests').select('status').where('id', '=', second.id).executeTakeFirstOrThrow()).status;
    expect((await usdnOf(db.db, memberId)).available).toBe(status === 'approved' ? 8000 : 5000);
    await expectCleanLedger(db.db);
  });

  test.skipIf(!onRealPostgres())(
    'two admins approving one withdrawal at once burn it once; approve racing reject moves it once',
    async ({ db, services, member }) => {
      const admins = await Promise.all([insertTestUser(db.db, { admin: true }), insertTestUser(db.db, { admin: true })]);
      const { id: memberId, api: caller } = await member({ usdnCents: 20_000 });
      const { id } = await caller.wallet.createWithdrawal({ amount: 100, address: SOLANA_ADDRESS, idempotencyKey: key() });
      const outcomes = await Promise.allSettled(
        admins.map((admin) =>
          runInTransaction(db.db, (trx) => approveWithdrawal(trx, { requestId: id, adminId: admin.id, now: services.clock.now(), transactionHash: HASH })),
        ),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      expect(await usdnOf(db.db, memberId)).toEqual({ available: 10_000, held: 0 });
      const burns = await db.db.selectFrom('ledger_transfers').select('kind').where('reference_id', '=', id).where('kind', '=', 'withdrawal_burn').execute();
      expect(burns).toHaveLength(1);

      const second = await caller.wallet.createWithdrawal({ amount: 100, address: SOLANA_ADDRESS, idempotencyKey: key() });
      const mixed = await Promise.allSettled([
        runInTransaction(db.db, (trx) =>
          approveWithdrawal(trx, { requestId: second.id, adminId: admins[0].id, now: services.clock.now(), transactionHash: HASH }),
        ),
        runInTransaction(db.db, (trx) => rejectWithdrawal(trx, { requestId: second.id, adminId: admins[1].id, now: services.clock.now(), reason: 'no' })),
      ]);
      expect(mixed.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      const status = (await db.db.selectFrom('usdn_withdrawal_requests').select('status').where('id', '=', second.id).executeTakeFirstOrThrow()).status;
      expect(await usdnOf(db.db, memberId)).toEqual({ available: status === 'rejected' ? 10_000 : 0, held: 0 });
      await expectCleanLedger(db.db);
    },
  );
});
