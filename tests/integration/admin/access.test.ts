import { appRouter } from '../../../server/src/trpc/app-router.ts';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { callerFor } from '../../helpers/services.ts';
import { insertTestUser } from '../../helpers/users.ts';
import { appCodeOf } from '../ledger/ledger-fixtures.ts';

/**
 * Every admin procedure rejects a visitor and a member (rule AD-2). The list is read
 * from the router itself, so a procedure added later is covered without touching this file,
 * and the gate is checked before any input is looked at (an empty input is enough).
 */
const adminPaths = Object.keys(appRouter._def.procedures as Record<string, unknown>).filter((path) => path.startsWith('admin.'));

type AnyCaller = Record<string, unknown>;

/** Calls `admin.x.y` on a caller by walking its path; resolves to the app error code or 'OK'. */
async function outcome(caller: AnyCaller, path: string): Promise<string> {
  const procedure = path.split('.').reduce<unknown>((node, key) => (node as AnyCaller)[key], caller) as (input: unknown) => Promise<unknown>;
  try {
    const result = await procedure({});
    // a subscription hands back an async iterable; reading it is what runs the gate
    if (result && typeof result === 'object' && Symbol.asyncIterator in result) {
      await (result as AsyncIterable<unknown>)[Symbol.asyncIterator]().next();
    }
    return 'OK';
  } catch (error) {
    return appCodeOf(error) ?? String(error);
  }
}

describe('the admin router', () => {
  test('has procedures to check', () => {
    expect(adminPaths.length).toBeGreaterThan(0);
  });

  test.for(adminPaths)('%s refuses a visitor (LOGIN_REQUIRED) and a member (ADMIN_REQUIRED)', async (path, { services, member }) => {
    const visitor = (await callerFor(services)) as unknown as AnyCaller;
    const asMember = (await member()).api as unknown as AnyCaller;
    expect(await outcome(visitor, path)).toBe('LOGIN_REQUIRED');
    expect(await outcome(asMember, path)).toBe('ADMIN_REQUIRED');
  });
});

describe('admin.dashboard', () => {
  test('counts what the console manages and what waits for a decision', async ({ db, admin: { api } }) => {
    const before = await api.admin.dashboard();

    const buyer = await insertTestUser(db.db);
    const seller = await insertTestUser(db.db);
    const order = await db.db
      .insertInto('orders')
      .values({ buyer_id: buyer.id, seller_id: seller.id, title: 'Map', unit_price_cents: 500, quantity: 1, total_cents: 500, status: 'refunding' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.db.insertInto('refunds').values({ order_id: order.id, requester_id: buyer.id, reason: 'broken', amount_cents: 500 }).execute();
    await db.db
      .insertInto('message_violations')
      .values({
        sender_id: buyer.id,
        receiver_id: seller.id,
        violation_type: 'phone',
        detected_types: ['phone'],
        original_content: 'call 13812345678',
        detected_patterns: ['13812345678'],
      })
      .execute();
    await db.db
      .insertInto('recharge_codes')
      .values([
        { code: 'ABCDEFGHJKLMNPQR', value_cents: 1000 },
        { code: 'ABCDEFGHJKLMNPQS', value_cents: 1000, status: 'disabled' },
      ])
      .execute();

    const after = await api.admin.dashboard();
    expect(after.totals.orders - before.totals.orders).toBe(1);
    expect(after.totals.refunds - before.totals.refunds).toBe(1);
    expect(after.pending.refunds - before.pending.refunds).toBe(1);
    expect(after.pending.violations - before.pending.violations).toBe(1);
    expect(after.totals.activeRechargeCodes - before.totals.activeRechargeCodes).toBe(1);
    expect(after.totals.users - before.totals.users).toBe(2);
  });
});
