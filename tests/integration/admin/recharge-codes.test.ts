import { randomUUID } from 'node:crypto';
import { REDEEM_CODE_ALPHABET } from '@curio/shared';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { type Caller } from '../../helpers/services.ts';
import { type TestDatabase } from '../../helpers/test-db.ts';
import { countTransfers } from '../ledger/ledger-fixtures.ts';
import { expectLedgerHealthy, usdn } from '../orders/support.ts';
import { expectAppError } from '../../helpers/app-errors.ts';

const DAY = 86_400_000;
const CODE_PATTERN = new RegExp(`^[${REDEEM_CODE_ALPHABET}]{16}$`);

function codesOf(db: TestDatabase, batchName: string) {
  return db.db.selectFrom('recharge_codes').selectAll().where('batch_name', '=', batchName).orderBy('code').execute();
}
async function codeCount(db: TestDatabase) {
  const row = await db.db
    .selectFrom('recharge_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
function auditOf(db: TestDatabase, action: string, targetId?: string) {
  let query = db.db.selectFrom('admin_audit_log').selectAll().where('action', '=', action);
  if (targetId) query = query.where('target_id', '=', targetId);
  return query.orderBy('id').execute();
}
async function auditCount(db: TestDatabase) {
  const row = await db.db
    .selectFrom('admin_audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
/** A fresh batch with a unique name, so tests never see each other's codes. */
async function batch(db: TestDatabase, admin: Caller, overrides: { valueUsdn?: number; quantity?: number; expiryDays?: number } = {}) {
  const batchName = `batch-${randomUUID().slice(0, 8)}`;
  await admin.admin.rechargeCodes.generate({ valueUsdn: 100, quantity: 3, expiryDays: 30, batchName, ...overrides });
  return { batchName, codes: await codesOf(db, batchName) };
}

describe('admin.rechargeCodes.generate', () => {
  test('makes the batch: 16-character codes, value in cents, expiry in days, and an audit entry', async ({ db, services, admin }) => {
    const result = await admin.api.admin.rechargeCodes.generate({ valueUsdn: 50, quantity: 25, expiryDays: 30, batchName: '  Spring campaign  ' });
    const now = services.clock.now();
    expect(result).toEqual({ batchName: 'Spring campaign', count: 25, expiresAt: new Date(now.getTime() + 30 * DAY) });
    const codes = await codesOf(db, 'Spring campaign');
    expect(codes).toHaveLength(25);
    expect(new Set(codes.map((c) => c.code)).size).toBe(25);
    for (const code of codes) {
      expect(code.code).toMatch(CODE_PATTERN);
      expect(code).toMatchObject({ value_cents: 5_000, status: 'active', created_by: admin.id, expires_at: new Date(now.getTime() + 30 * DAY) });
    }
    const [entry, ...more] = await auditOf(db, 'recharge_code.generate', 'Spring campaign');
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      admin_id: admin.id,
      target_type: 'recharge_code_batch',
      after: { batch_name: 'Spring campaign', count: 25, value_cents: 5_000, expires_at: new Date(now.getTime() + 30 * DAY).toISOString() },
    });
  });

  test('expiry 0 means never; a blank batch name becomes the server time', async ({ db, services, admin }) => {
    services.clock.set(new Date('2026-11-21T09:15:42.250Z'));
    const result = await admin.api.admin.rechargeCodes.generate({ valueUsdn: 10, quantity: 1, expiryDays: 0, batchName: '   ' });
    expect(result).toEqual({ batchName: '2026-11-21 09:15:42', count: 1, expiresAt: null });
    const [code] = await codesOf(db, '2026-11-21 09:15:42');
    expect(code).toMatchObject({ expires_at: null, value_cents: 1_000 });
  });

  test('the largest batch, 1000 codes, is accepted', async ({ db, admin }) => {
    const result = await admin.api.admin.rechargeCodes.generate({ valueUsdn: 10, quantity: 1000, expiryDays: 1, batchName: 'thousand' });
    expect(result.count).toBe(1000);
    expect(await codesOf(db, 'thousand')).toHaveLength(1000);
  });

  test.for([
    [{ valueUsdn: 9 }, 'CODE_VALUE_MINIMUM'],
    [{ valueUsdn: 0 }, 'CODE_VALUE_MINIMUM'],
    [{ valueUsdn: -50 }, 'CODE_VALUE_MINIMUM'],
    [{ valueUsdn: 10.5 }, 'AMOUNT_NOT_WHOLE'],
    [{ quantity: 0 }, 'CODE_QUANTITY_RANGE'],
    [{ quantity: 1001 }, 'CODE_QUANTITY_RANGE'],
    [{ quantity: 2.5 }, 'CODE_QUANTITY_RANGE'],
    [{ expiryDays: -1 }, 'VALIDATION_FAILED'],
    [{ expiryDays: 1.5 }, 'VALIDATION_FAILED'],
  ] as const)('%o is refused with %s and nothing is created', async ([override, code], { db, admin }) => {
    const [codes, audits] = [await codeCount(db), await auditCount(db)];
    await expectAppError(admin.api.admin.rechargeCodes.generate({ valueUsdn: 100, quantity: 10, expiryDays: 30, batchName: 'refused', ...override }), code);
    expect(await codeCount(db)).toBe(codes);
    expect(await auditCount(db)).toBe(audits);
  });
});

describe('admin.rechargeCodes list, stats and redemption', () => {
  test('a generated code is redeemable by a member and then shows as used, with who used it', async ({ db, admin, member }) => {
    const { batchName, codes } = await batch(db, admin.api, { valueUsdn: 20, quantity: 1 });
    const buyer = await member({ nickname: 'redeemer' });
    const formatted = codes[0]!.code.replace(/(.{4})(?!$)/g, '$1-');
    await buyer.api.wallet.redeemCode({ code: formatted.toLowerCase(), idempotencyKey: randomUUID() });
    expect(await usdn(db.db, buyer.id)).toBe(2_000);
    const page = await admin.api.admin.rechargeCodes.list({ batchName });
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ status: 'used', valueCents: 2_000, usedBy: { id: buyer.id, nickname: 'redeemer', email: buyer.user.email } });
    await expectLedgerHealthy(db.db);
  });

  test('search finds a code with or without dashes, in any case, and batches by name', async ({ db, admin }) => {
    const { batchName, codes } = await batch(db, admin.api, { quantity: 2 });
    const code = codes[0]!.code;
    const dashed = `${code.slice(0, 4)}-${code.slice(4, 8)}`.toLowerCase();
    expect((await admin.api.admin.rechargeCodes.list({ search: dashed })).items.map((c) => c.code)).toContain(code);
    expect((await admin.api.admin.rechargeCodes.list({ search: code })).items.map((c) => c.code)).toEqual([code]);
    const byBatch = await admin.api.admin.rechargeCodes.list({ search: batchName.slice(2).toUpperCase() });
    expect(byBatch.items.map((c) => c.code).sort()).toEqual(codes.map((c) => c.code).sort());
    // % and _ are literal, not wildcards
    expect((await admin.api.admin.rechargeCodes.list({ search: '%' })).total).toBe(0);
  });

  test('status filter and stats agree; an active code past its expiry counts as expired', async ({ db, services, admin }) => {
    const { batchName, codes } = await batch(db, admin.api, { quantity: 3, expiryDays: 1 });
    await admin.api.admin.rechargeCodes.setStatus({ codeId: codes[0]!.id, status: 'disabled' });
    const before = await admin.api.admin.rechargeCodes.stats();
    expect((await admin.api.admin.rechargeCodes.list({ batchName, status: 'active' })).total).toBe(2);
    expect((await admin.api.admin.rechargeCodes.list({ batchName, status: 'disabled' })).total).toBe(1);
    services.clock.advance(2 * DAY);
    try {
      const expired = await admin.api.admin.rechargeCodes.list({ batchName, status: 'expired' });
      expect(expired.items.map((c) => c.status)).toEqual(['expired', 'expired']);
      expect((await admin.api.admin.rechargeCodes.list({ batchName, status: 'active' })).total).toBe(0);
      const after = await admin.api.admin.rechargeCodes.stats();
      expect(after.expired).toBeGreaterThanOrEqual(before.expired + 2);
      expect(after.total).toBe(before.total);
      expect(after.active + after.used + after.disabled + after.expired).toBe(after.total);
    } finally {
      services.clock.advance(-2 * DAY);
    }
  });

  test('pages newest first with a total', async ({ db, services, admin }) => {
    // later than every code made so far, so these two are the newest
    services.clock.advance(60_000);
    const first = await batch(db, admin.api, { quantity: 1 });
    services.clock.advance(1000);
    const second = await batch(db, admin.api, { quantity: 1 });
    const page = await admin.api.admin.rechargeCodes.list({ page: 1, pageSize: 1 });
    expect(page.items[0]!.batchName).toBe(second.batchName);
    expect(page.total).toBeGreaterThan(1);
    expect((await admin.api.admin.rechargeCodes.list({ page: 2, pageSize: 1 })).items[0]!.batchName).toBe(first.batchName);
  });
});

describe('admin.rechargeCodes.setStatus', () => {
  test('disable stops redemption, enable brings it back, each audited with before and after', async ({ db, admin, member }) => {
    const { codes } = await batch(db, admin.api, { quantity: 1 });
    const code = codes[0]!;
    const buyer = await member();
    await admin.api.admin.rechargeCodes.setStatus({ codeId: code.id, status: 'disabled' });
    await expectAppError(buyer.api.wallet.redeemCode({ code: code.code, idempotencyKey: randomUUID() }), 'CODE_DISABLED');
    const [disabled] = await auditOf(db, 'recharge_code.disable', code.id);
    expect(disabled).toMatchObject({
      admin_id: admin.id,
      target_type: 'recharge_code',
      before: { status: 'active', code: code.code },
      after: { status: 'disabled' },
    });

    // a second click on disable changes nothing and writes nothing
    await expectAppError(admin.api.admin.rechargeCodes.setStatus({ codeId: code.id, status: 'disabled' }), 'REQUEST_ALREADY_PROCESSED');
    expect(await auditOf(db, 'recharge_code.disable', code.id)).toHaveLength(1);

    await admin.api.admin.rechargeCodes.setStatus({ codeId: code.id, status: 'active' });
    expect((await auditOf(db, 'recharge_code.enable', code.id))[0]).toMatchObject({ before: { status: 'disabled' }, after: { status: 'active' } });
    await buyer.api.wallet.redeemCode({ code: code.code, idempotencyKey: randomUUID() });
    expect(await usdn(db.db, buyer.id)).toBe(10_000);
  });

  test('a used code cannot be toggled (CODE_USED), an expired one cannot be enabled or disabled (CODE_EXPIRED)', async ({ db, services, admin, member }) => {
    const { codes } = await batch(db, admin.api, { quantity: 2, expiryDays: 1 });
    const buyer = await member();
    await buyer.api.wallet.redeemCode({ code: codes[0]!.code, idempotencyKey: randomUUID() });
    await expectAppError(admin.api.admin.rechargeCodes.setStatus({ codeId: codes[0]!.id, status: 'disabled' }), 'CODE_USED');
    await expectAppError(admin.api.admin.rechargeCodes.setStatus({ codeId: codes[0]!.id, status: 'active' }), 'CODE_USED');
    await admin.api.admin.rechargeCodes.setStatus({ codeId: codes[1]!.id, status: 'disabled' });
    services.clock.advance(2 * DAY);
    try {
      await expectAppError(admin.api.admin.rechargeCodes.setStatus({ codeId: codes[1]!.id, status: 'active' }), 'CODE_EXPIRED');
    } finally {
      services.clock.advance(-2 * DAY);
    }
    const rows = await codesOf(db, codes[0]!.batch_name!);
    expect(rows.find((r) => r.id === codes[0]!.id)?.status).toBe('used');
    expect(rows.find((r) => r.id === codes[1]!.id)?.status).toBe('disabled');
    expect(await auditOf(db, 'recharge_code.enable', codes[1]!.id)).toHaveLength(0);
  });

  test('an unknown code is NOT_FOUND', async ({ admin }) => {
    await expectAppError(admin.api.admin.rechargeCodes.setStatus({ codeId: randomUUID(), status: 'disabled' }), 'NOT_FOUND');
    await expectAppError(admin.api.admin.rechargeCodes.delete({ codeId: randomUUID() }), 'NOT_FOUND');
  });
});

describe('admin.rechargeCodes.delete', () => {
  test('an unused code (active, disabled or expired) is deleted and the deletion audited', async ({ db, admin }) => {
    const { codes } = await batch(db, admin.api, { quantity: 2 });
    await admin.api.admin.rechargeCodes.setStatus({ codeId: codes[1]!.id, status: 'disabled' });
    for (const code of codes) await admin.api.admin.rechargeCodes.delete({ codeId: code.id });
    expect(await codesOf(db, codes[0]!.batch_name!)).toHaveLength(0);
    const [entry] = await auditOf(db, 'recharge_code.delete', codes[1]!.id);
    expect(entry).toMatchObject({ admin_id: admin.id, before: { status: 'disabled', code: codes[1]!.code, value_cents: 10_000 }, after: null });
  });

  test("a used code leaves every admin list but keeps its redemption and ledger entry in the member's history; audited", async ({ db, admin, member }) => {
    const { codes, batchName } = await batch(db, admin.api, { quantity: 2 });
    const buyer = await member();
    await buyer.api.wallet.redeemCode({ code: codes[0]!.code, idempotencyKey: randomUUID() });
    const transfers = await countTransfers(db.db);
    const statsBefore = await admin.api.admin.rechargeCodes.stats();

    await admin.api.admin.rechargeCodes.delete({ codeId: codes[0]!.id });

    // gone for the admin: the table, its search, the stats, the CSV, a second delete or toggle
    const listed = await admin.api.admin.rechargeCodes.list({ batchName });
    expect(listed.items.map((item) => item.id)).toEqual([codes[1]!.id]);
    expect((await admin.api.admin.rechargeCodes.list({ search: codes[0]!.code })).total).toBe(0);
    const statsAfter = await admin.api.admin.rechargeCodes.stats();
    expect(statsBefore.total - statsAfter.total).toBe(1);
    expect(statsBefore.used - statsAfter.used).toBe(1);
    expect((await admin.api.admin.rechargeCodes.exportCsv({ batchName })).count).toBe(1);
    await expectAppError(admin.api.admin.rechargeCodes.delete({ codeId: codes[0]!.id }), 'NOT_FOUND');
    await expectAppError(admin.api.admin.rechargeCodes.setStatus({ codeId: codes[0]!.id, status: 'disabled' }), 'NOT_FOUND');

    // kept for the member: the redemption with its batch name, the ledger credit, the balance
    const redemptions = await buyer.api.wallet.redemptions();
    expect(redemptions).toEqual([expect.objectContaining({ batchName, usdnReceivedCents: 10_000 })]);
    const history = await buyer.api.wallet.history({ currency: 'usdn' });
    expect(history.entries).toContainEqual(expect.objectContaining({ kind: 'code_redemption', amount: 10_000, referenceId: codes[0]!.id }));
    expect(await countTransfers(db.db)).toBe(transfers);
    expect(await usdn(db.db, buyer.id)).toBe(10_000);
    // and it still cannot be redeemed again
    await expectAppError((await member()).api.wallet.redeemCode({ code: codes[0]!.code, idempotencyKey: randomUUID() }), 'CODE_USED');

    const [entry] = await auditOf(db, 'recharge_code.delete', codes[0]!.id);
    expect(entry).toMatchObject({ admin_id: admin.id, before: { status: 'used', code: codes[0]!.code }, after: null });
    await expectLedgerHealthy(db.db);
  });
});

describe('admin.rechargeCodes.exportCsv', () => {
  test('a batch as CSV with a BOM: code, value, batch name, expiry or permanent', async ({ db, admin }) => {
    const timed = await batch(db, admin.api, { valueUsdn: 25, quantity: 2, expiryDays: 30 });
    const { filename, csv, count } = await admin.api.admin.rechargeCodes.exportCsv({ batchName: timed.batchName });
    expect(filename).toMatch(/^curio-recharge-codes-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(count).toBe(2);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('code,value,batch name,expires at (UTC)');
    const expiry = timed.codes[0]!.expires_at!.toISOString().slice(0, 16).replace('T', ' ');
    expect(lines.slice(1).sort()).toEqual(timed.codes.map((c) => `${c.code.replace(/(.{4})(?!$)/g, '$1-')},25.00,${timed.batchName},${expiry}`).sort());

    const forever = await batch(db, admin.api, { quantity: 1, expiryDays: 0 });
    const labels = { code: '兑换码', value: '面值', batchName: '批次', expiresAt: '过期时间', permanent: '永久' };
    const translated = await admin.api.admin.rechargeCodes.exportCsv({ batchName: forever.batchName, labels });
    const rows = translated.csv.slice(1).split('\r\n').filter(Boolean);
    expect(rows).toEqual(['兑换码,面值,批次,过期时间', `${forever.codes[0]!.code.replace(/(.{4})(?!$)/g, '$1-')},100.00,${forever.batchName},永久`]);
  });

  test('the table filter (status and search) decides what is exported; a formula-like batch name is defused', async ({ db, admin }) => {
    const { codes } = await admin.api.admin.rechargeCodes
      .generate({ valueUsdn: 10, quantity: 2, expiryDays: 0, batchName: '=HYPERLINK("x")' })
      .then(async (r) => ({ codes: await codesOf(db, r.batchName) }));
    await admin.api.admin.rechargeCodes.setStatus({ codeId: codes[0]!.id, status: 'disabled' });
    const { csv, count } = await admin.api.admin.rechargeCodes.exportCsv({ search: 'HYPERLINK', status: 'active' });
    expect(count).toBe(1);
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv).toContain(codes[1]!.code.slice(0, 4));
    expect(csv).not.toContain(codes[0]!.code.slice(12));
  });
});
