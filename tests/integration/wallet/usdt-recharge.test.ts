import { randomUUID } from 'node:crypto';
import { putSetting } from '../../../server/src/domain/settings/settings.ts';
import { runInTransaction } from '../../../server/src/db/transaction.ts';
import { approveUsdtRecharge, rejectUsdtRecharge } from '../../../server/src/domain/wallet/resolve-usdt-recharge.ts';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import type { TestServices } from '../../helpers/services.ts';
import type { TestDatabase } from '../../helpers/test-db.ts';
import { insertTestUser } from '../../helpers/users.ts';
import { member as newMember } from '../../helpers/world.ts';
import { countRows, expectCleanLedger, failure, key, SOLANA_ADDRESS, usdnOf } from './support.ts';

import { storedUpload } from '../../helpers/uploads.ts';

let db: TestDatabase;
let services: TestServices;

const proofKey = () => `proof/2026/11/${randomUUID()}.webp`;
const HASH = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';

test.beforeAll(async ({ db: fileDb, services: fileServices }) => {
  db = fileDb;
  services = fileServices;
});
test.beforeEach(async () => {
  const now = services.clock.now();
  await putSetting(db.db, 'usdt_solana_address', SOLANA_ADDRESS, null, now);
  await putSetting(db.db, 'usdt_min_recharge', 10, null, now);
  await putSetting(db.db, 'usdt_recharge_rate', 1, null, now);
});

async function member() {
  const { user, api } = await newMember(services);
  return { user, caller: api };
}

describe('wallet.depositInfo', () => {
  test('gives the address, minimum in cents and rate', async () => {
    const { caller } = await member();
    expect(await caller.wallet.depositInfo()).toEqual({ address: SOLANA_ADDRESS, minUsdtCents: 1000, rate: 1 });
  });

  test('an empty address or one of 20 characters or fewer reads as null', async () => {
    const { caller } = await member();
    await putSetting(db.db, 'usdt_solana_address', '', null, services.clock.now());
    expect((await caller.wallet.depositInfo()).address).toBeNull();
    await putSetting(db.db, 'usdt_solana_address', 'A'.repeat(20), null, services.clock.now());
    expect((await caller.wallet.depositInfo()).address).toBeNull();
    await putSetting(db.db, 'usdt_solana_address', 'A'.repeat(21), null, services.clock.now());
    expect((await caller.wallet.depositInfo()).address).toBe('A'.repeat(21));
  });
});

describe('wallet.createUsdtRecharge', () => {
  test('records a pending request with hash and proofs and moves no money', async () => {
    const { user, caller } = await member();
    const proofs = [await storedUpload(services, user.id, 'proof'), await storedUpload(services, user.id, 'proof')];
    const { id } = await caller.wallet.createUsdtRecharge({ amountCents: 1234, transactionHash: `  ${HASH} `, proofImages: proofs, idempotencyKey: key() });
    const row = await db.db.selectFrom('usdt_recharge_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: user.id, usdt_amount_cents: 1234, status: 'pending', transaction_hash: HASH, payment_proof: proofs });
    expect(await usdnOf(db.db, user.id)).toEqual({ available: 0, held: 0 });
    const list = await caller.wallet.usdtRecharges();
    expect(list).toEqual([
      expect.objectContaining({ id, status: 'pending', usdtAmountCents: 1234, transactionHash: HASH, rejectionReason: null, creditedCents: null }),
    ]);
    expect(list[0]!.proofUrls).toEqual(proofs.map((proof) => `/uploads/${proof}`));
  });

  test('a hash alone or a proof alone is enough', async () => {
    const { user, caller } = await member();
    await caller.wallet.createUsdtRecharge({ amountCents: 1000, transactionHash: HASH, idempotencyKey: key() });
    await caller.wallet.createUsdtRecharge({ amountCents: 1000, proofImages: [await storedUpload(services, user.id, 'proof')], idempotencyKey: key() });
    // a proof someone else uploaded is refused
    const stranger = await member();
    const theirs = await storedUpload(services, stranger.user.id, 'proof');
    expect((await failure(caller.wallet.createUsdtRecharge({ amountCents: 1000, proofImages: [theirs], idempotencyKey: key() }))).code).toBe(
      'VALIDATION_FAILED',
    );
    expect(await caller.wallet.usdtRecharges()).toHaveLength(2);
  });

  test('neither hash nor proof -> RECHARGE_PROOF_REQUIRED (a blank hash counts as none)', async () => {
    const { caller } = await member();
    const before = await countRows(db.db, 'usdt_recharge_requests');
    expect((await failure(caller.wallet.createUsdtRecharge({ amountCents: 1000, idempotencyKey: key() }))).code).toBe('RECHARGE_PROOF_REQUIRED');
    expect((await failure(caller.wallet.createUsdtRecharge({ amountCents: 1000, transactionHash: '   ', proofImages: [], idempotencyKey: key() }))).code).toBe(
      'RECHARGE_PROOF_REQUIRED',
    );
    expect(await countRows(db.db, 'usdt_recharge_requests')).toBe(before);
  });

  test('below the configured minimum -> RECHARGE_BELOW_MINIMUM with the minimum', async () => {
    const { caller } = await member();
    const outcome = await failure(caller.wallet.createUsdtRecharge({ amountCents: 999, transactionHash: HASH, idempotencyKey: key() }));
    expect(outcome).toEqual({ code: 'RECHARGE_BELOW_MINIMUM', params: { min: '10' } });
    await putSetting(db.db, 'usdt_min_recharge', 25.5, null, services.clock.now());
    const raised = await failure(caller.wallet.createUsdtRecharge({ amountCents: 2549, transactionHash: HASH, idempotencyKey: key() }));
    expect(raised).toEqual({ code: 'RECHARGE_BELOW_MINIMUM', params: { min: '25.50' } });
    await caller.wallet.createUsdtRecharge({ amountCents: 2550, transactionHash: HASH, idempotencyKey: key() });
  });

  test('without a usable deposit address -> DEPOSIT_ADDRESS_MISSING', async () => {
    const { caller } = await member();
    await putSetting(db.db, 'usdt_solana_address', 'short-address', null, services.clock.now());
    expect((await failure(caller.wallet.createUsdtRecharge({ amountCents: 5000, transactionHash: HASH, idempotencyKey: key() }))).code).toBe(
      'DEPOSIT_ADDRESS_MISSING',
    );
  });

  test('bad amounts, hashes and images are refused by the input', async () => {
    const { caller } = await member();
    expect((await failure(caller.wallet.createUsdtRecharge({ amountCents: 10.5, transactionHash: HASH, idempotencyKey: key() }))).code).toBe('INVALID_AMOUNT');
    expect((await failure(caller.wallet.createUsdtRecharge({ amountCents: 0, transactionHash: HASH, idempotencyKey: key() }))).code).toBe('INVALID_AMOUNT');
    expect((await failure(caller.wallet.createUsdtRecharge({ amountCents: 1000, transactionHash: 'not a hash!', idempotencyKey: key() }))).code).toBe(
      'VALIDATION_FAILED',
    );
    expect((await failure(caller.wallet.createUsdtRecharge({ amountCents: 1000, proofImages: ['../etc/passwd'], idempotencyKey: key() }))).code).toBe(
      'VALIDATION_FAILED',
    );
    const six = Array.from({ length: 6 }, proofKey);
    expect((await failure(caller.wallet.createUsdtRecharge({ amountCents: 1000, proofImages: six, idempotencyKey: key() }))).code).toBe('TOO_MANY_IMAGES');
    const avatar = `avatar/2026/11/${randomUUID()}.webp`;
    expect((await failure(caller.wallet.createUsdtRecharge({ amountCents: 1000, proofImages: [avatar], idempotencyKey: key() }))).code).toBe(
      'VALIDATION_FAILED',
    );
  });

  test('a double submit with one key makes one request', async () => {
    const { caller } = await member();
    const input = { amountCents: 1500, transactionHash: HASH, idempotencyKey: key() };
    const first = await caller.wallet.createUsdtRecharge(input);
    expect(await caller.wallet.createUsdtRecharge(input)).toEqual(first);
    expect(await caller.wallet.usdtRecharges()).toHaveLength(1);
    expect((await failure(caller.wallet.createUsdtRecharge({ ...input, amountCents: 1600 }))).code).toBe('IDEMPOTENCY_CONFLICT');
  });

  test('usdtRecharges lists the last 10 of this member only', async () => {
    const { caller } = await member();
    for (let index = 0; index < 11; index++) {
      services.clock.advance(1000);
      await caller.wallet.createUsdtRecharge({ amountCents: 1000 + index, transactionHash: HASH, idempotencyKey: key() });
    }
    const list = await caller.wallet.usdtRecharges();
    expect(list).toHaveLength(10);
    expect(list[0]!.usdtAmountCents).toBe(1010);
    const { caller: other } = await member();
    expect(await other.wallet.usdtRecharges()).toEqual([]);
  });
});

describe('resolve-usdt-recharge (admin side)', () => {
  async function pendingRequest(amountCents: number) {
    const { user, caller } = await member();
    const { id } = await caller.wallet.createUsdtRecharge({ amountCents, transactionHash: HASH, idempotencyKey: key() });
    return { user, caller, id };
  }

  test('approval credits the whole USDN of amount x rate, stamps the reviewer and notifies', async () => {
    const admin = await insertTestUser(db.db, { admin: true });
    const { user, caller, id } = await pendingRequest(1299);
    await putSetting(db.db, 'usdt_recharge_rate', 1.5, null, services.clock.now());
    const result = await runInTransaction(db.db, (trx) => approveUsdtRecharge(trx, { requestId: id, adminId: admin.id, now: services.clock.now() }));
    // 12.99 x 1.5 = 19.485 -> 19 whole USDN
    expect(result.creditedCents).toBe(1900);
    expect(await usdnOf(db.db, user.id)).toEqual({ available: 1900, held: 0 });
    const row = await db.db.selectFrom('usdt_recharge_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'approved', credited_cents: 1900, reviewed_by: admin.id });
    const transfer = await db.db.selectFrom('ledger_transfers').selectAll().where('reference_id', '=', id).executeTakeFirstOrThrow();
    expect(transfer).toMatchObject({ kind: 'usdt_recharge', reference_type: 'usdt_recharge_request', amount: 1900, created_by: admin.id });
    const note = await db.db.selectFrom('notifications').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(note).toMatchObject({ type: 'recharge_approved', link: '/recharge?tab=usdt' });
    expect((await caller.wallet.usdtRecharges())[0]).toMatchObject({ status: 'approved', creditedCents: 1900 });
    await expectCleanLedger(db.db);
  });

  test('the fraction of a USDT is dropped at rate 1', async () => {
    const admin = await insertTestUser(db.db, { admin: true });
    const { user, id } = await pendingRequest(1099);
    await runInTransaction(db.db, (trx) => approveUsdtRecharge(trx, { requestId: id, adminId: admin.id, now: services.clock.now() }));
    expect((await usdnOf(db.db, user.id)).available).toBe(1000);
  });

  test('rejection needs a reason, moves nothing, shows the reason and notifies', async () => {
    const admin = await insertTestUser(db.db, { admin: true });
    const { user, caller, id } = await pendingRequest(2000);
    const blank = await failure(
      runInTransaction(db.db, (trx) => rejectUsdtRecharge(trx, { requestId: id, adminId: admin.id, now: services.clock.now(), reason: '  ' })),
    );
    expect(blank.code).toBe('REJECTION_REASON_REQUIRED');
    await runInTransaction(db.db, (trx) =>
      rejectUsdtRecharge(trx, { requestId: id, adminId: admin.id, now: services.clock.now(), reason: 'No such transaction' }),
    );
    expect(await usdnOf(db.db, user.id)).toEqual({ available: 0, held: 0 });
    expect((await caller.wallet.usdtRecharges())[0]).toMatchObject({ status: 'rejected', rejectionReason: 'No such transaction' });
    const note = await db.db.selectFrom('notifications').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(note.type).toBe('recharge_rejected');
  });

  test('only pending or reviewing requests can be acted on', async () => {
    const admin = await insertTestUser(db.db, { admin: true });
    const { user, id } = await pendingRequest(2000);
    await db.db.updateTable('usdt_recharge_requests').set({ status: 'reviewing' }).where('id', '=', id).execute();
    await runInTransaction(db.db, (trx) => approveUsdtRecharge(trx, { requestId: id, adminId: admin.id, now: services.clock.now() }));
    const again = await failure(runInTransaction(db.db, (trx) => approveUsdtRecharge(trx, { requestId: id, adminId: admin.id, now: services.clock.now() })));
    expect(again.code).toBe('REQUEST_ALREADY_PROCESSED');
    const reject = await failure(
      runInTransaction(db.db, (trx) => rejectUsdtRecharge(trx, { requestId: id, adminId: admin.id, now: services.clock.now(), reason: 'late' })),
    );
    expect(reject.code).toBe('REQUEST_ALREADY_PROCESSED');
    expect((await usdnOf(db.db, user.id)).available).toBe(2000);
    const missing = await failure(
      runInTransaction(db.db, (trx) => approveUsdtRecharge(trx, { requestId: randomUUID(), adminId: admin.id, now: services.clock.now() })),
    );
    expect(missing.code).toBe('NOT_FOUND');
    await expectCleanLedger(db.db);
  });
});
