import { REDEEM_CODE_ALPHABET } from '@curio/shared';
import { generateRechargeCodes } from '../../../server/src/domain/wallet/recharge-codes/generate-codes.ts';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { callerFor, type TestServices } from '../../helpers/services.ts';
import { countRows, expectCleanLedger, failure, key, usdnOf } from './support.ts';

async function newCode(services: TestServices, options: { valueCents?: number; batchName?: string | null; expiresAt?: Date | null } = {}) {
  const [code] = await generateRechargeCodes(services.db, {
    count: 1,
    valueCents: options.valueCents ?? 10_000,
    batchName: options.batchName === undefined ? 'Batch A' : options.batchName,
    expiresAt: options.expiresAt ?? null,
    createdBy: null,
    now: services.clock.now(),
  });
  return code!;
}

describe('generateRechargeCodes', () => {
  test('draws unique 16-character codes from the alphabet without I, O, 0, 1', async ({ db, services }) => {
    const codes = await generateRechargeCodes(db.db, {
      count: 200,
      valueCents: 1000,
      batchName: 'bulk',
      expiresAt: null,
      createdBy: null,
      now: services.clock.now(),
    });
    expect(codes).toHaveLength(200);
    expect(new Set(codes.map((code) => code.code)).size).toBe(200);
    for (const { code } of codes) {
      expect(code).toMatch(/^[A-Z2-9]{16}$/);
      expect(code).not.toMatch(/[IO01]/);
      for (const char of code) expect(REDEEM_CODE_ALPHABET).toContain(char);
    }
    const stored = await db.db.selectFrom('recharge_codes').select(['status', 'value_cents']).where('batch_name', '=', 'bulk').execute();
    expect(stored).toHaveLength(200);
    expect(stored.every((row) => row.status === 'active' && row.value_cents === 1000)).toBe(true);
  });

  test('refuses a zero count or value', async ({ db, services }) => {
    const base = { batchName: null, expiresAt: null, createdBy: null, now: services.clock.now() };
    await expect(generateRechargeCodes(db.db, { ...base, count: 0, valueCents: 100 })).rejects.toThrow(RangeError);
    await expect(generateRechargeCodes(db.db, { ...base, count: 1, valueCents: 0 })).rejects.toThrow(RangeError);
  });
});

describe('wallet.redeemCode', () => {
  test('credits the value once, accepting lower case, spaces and dashes, and lists the redemption', async ({ db, services, member }) => {
    const { user, api: caller } = await member();
    const code = await newCode(services, { valueCents: 12_300, batchName: 'Spring promo' });
    const typed = `  ${code.code.toLowerCase().replace(/(.{4})(?!$)/g, '$1-')} `;
    const result = await caller.wallet.redeemCode({ code: typed, idempotencyKey: key() });
    expect(result).toEqual({ usdnReceivedCents: 12_300 });
    expect(await usdnOf(db.db, user.id)).toEqual({ available: 12_300, held: 0 });

    const row = await db.db.selectFrom('recharge_codes').selectAll().where('id', '=', code.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('used');
    expect(row.used_by).toBe(user.id);
    expect(row.used_at).toEqual(services.clock.now());
    const transfer = await db.db.selectFrom('ledger_transfers').selectAll().where('reference_id', '=', code.id).executeTakeFirstOrThrow();
    expect(transfer).toMatchObject({ kind: 'code_redemption', reference_type: 'recharge_code', amount: 12_300, currency: 'usdn' });

    const list = await caller.wallet.redemptions();
    expect(list).toEqual([expect.objectContaining({ batchName: 'Spring promo', usdnReceivedCents: 12_300 })]);
    await expectCleanLedger(db.db);
  });

  test('a retry with the same key returns the first result and credits nothing more', async ({ db, services, member }) => {
    const { user, api: caller } = await member();
    const code = await newCode(services, { valueCents: 5000 });
    const idempotencyKey = key();
    const first = await caller.wallet.redeemCode({ code: code.code, idempotencyKey });
    const second = await caller.wallet.redeemCode({ code: code.code, idempotencyKey });
    expect(second).toEqual(first);
    expect((await usdnOf(db.db, user.id)).available).toBe(5000);
  });

  test('empty -> CODE_REQUIRED, unknown -> CODE_INVALID, nothing changes', async ({ db, member }) => {
    const { user, api: caller } = await member();
    expect((await failure(caller.wallet.redeemCode({ code: '   ', idempotencyKey: key() }))).code).toBe('CODE_REQUIRED');
    expect((await failure(caller.wallet.redeemCode({ code: '--', idempotencyKey: key() }))).code).toBe('CODE_REQUIRED');
    expect((await failure(caller.wallet.redeemCode({ code: 'ABCD-EFGH-JKLM-NPQR', idempotencyKey: key() }))).code).toBe('CODE_INVALID');
    expect(await usdnOf(db.db, user.id)).toEqual({ available: 0, held: 0 });
  });

  test('a used code -> CODE_USED for another member', async ({ db, services, member }) => {
    const first = await member();
    const second = await member();
    const code = await newCode(services);
    await first.api.wallet.redeemCode({ code: code.code, idempotencyKey: key() });
    const before = await countRows(db.db, 'recharge_code_redemptions');
    const outcome = await failure(second.api.wallet.redeemCode({ code: code.code, idempotencyKey: key() }));
    expect(outcome.code).toBe('CODE_USED');
    expect(await countRows(db.db, 'recharge_code_redemptions')).toBe(before);
    expect((await usdnOf(db.db, second.id)).available).toBe(0);
  });

  test('a disabled code -> CODE_DISABLED', async ({ db, services, member }) => {
    const { api: caller } = await member();
    const code = await newCode(services);
    await db.db.updateTable('recharge_codes').set({ status: 'disabled' }).where('id', '=', code.id).execute();
    const outcome = await failure(caller.wallet.redeemCode({ code: code.code, idempotencyKey: key() }));
    expect(outcome.code).toBe('CODE_DISABLED');
    expect((await db.db.selectFrom('recharge_codes').select('status').where('id', '=', code.id).executeTakeFirstOrThrow()).status).toBe('disabled');
  });

  test('an expired code -> CODE_EXPIRED; one expiring later still works', async ({ services, member }) => {
    const { api: caller } = await member();
    const now = services.clock.now().getTime();
    const expired = await newCode(services, { expiresAt: new Date(now - 1000) });
    const atNow = await newCode(services, { expiresAt: new Date(now) });
    const later = await newCode(services, { expiresAt: new Date(now + 60_000), valueCents: 700 });
    expect((await failure(caller.wallet.redeemCode({ code: expired.code, idempotencyKey: key() }))).code).toBe('CODE_EXPIRED');
    expect((await failure(caller.wallet.redeemCode({ code: atNow.code, idempotencyKey: key() }))).code).toBe('CODE_EXPIRED');
    expect(await caller.wallet.redeemCode({ code: later.code, idempotencyKey: key() })).toEqual({ usdnReceivedCents: 700 });
  });

  test('visitors are refused', async ({ services }) => {
    const visitor = await callerFor(services);
    expect((await failure(visitor.wallet.redeemCode({ code: 'X', idempotencyKey: key() }))).code).toBe('LOGIN_REQUIRED');
    expect((await failure(visitor.wallet.redemptions())).code).toBe('LOGIN_REQUIRED');
  });

  test('redemptions lists the last 10, newest first, with null for a code without batch', async ({ services, member }) => {
    const { api: caller } = await member();
    for (let index = 0; index < 12; index++) {
      const code = await newCode(services, { valueCents: 100 * (index + 1), batchName: index === 11 ? null : `b${index}` });
      services.clock.advance(1000);
      await caller.wallet.redeemCode({ code: code.code, idempotencyKey: key() });
    }
    const list = await caller.wallet.redemptions();
    expect(list).toHaveLength(10);
    expect(list[0]).toMatchObject({ batchName: null, usdnReceivedCents: 1200 });
    expect(list[9]).toMatchObject({ batchName: 'b2', usdnReceivedCents: 300 });
    // another member sees none of them
    const other = await member();
    expect(await other.api.wallet.redemptions()).toEqual([]);
  });
});
