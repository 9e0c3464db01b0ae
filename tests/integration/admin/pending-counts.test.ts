import { afterEach } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import type { TAdminDashboard, TAdminPendingCounts } from '@curio/shared';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { type TestDatabase } from '../../helpers/test-db.ts';
import { insertTestUser } from '../../helpers/users.ts';
import { callerFor, type TestServices } from '../../helpers/services.ts';
import { SubscriptionRecorder, createTestSession, openWsClient, type TestWsClient } from '../../helpers/ws-client.ts';
import { type RunningServer } from '../../../server/src/server.ts';
import type { AppRouter } from '../../../server/src/trpc/app-router.ts';
import { eventually } from '../../helpers/eventually.ts';
import { paidOrder } from '../orders/support.ts';

/**
 * The console's badges are kept live by database triggers (migration 0090): whatever creates
 * or decides a request, in whichever process, the admins' streams re-count.
 */
let testDb: TestDatabase;
let server: RunningServer;
const openClients: TestWsClient[] = [];

let testServices: TestServices;

test.beforeAll(({ db, server: running, services }) => {
  testServices = services;
  testDb = db;
  server = running;
});
afterEach(async () => {
  await Promise.all(openClients.splice(0).map((client) => client.close()));
});

async function connectAs(userId: string): Promise<TestWsClient> {
  const { cookie } = await createTestSession(testDb.db, server.services.clock, userId);
  const client = openWsClient(server.url, { cookie });
  openClients.push(client);
  return client;
}

function subscribePending(client: TestWsClient) {
  const recorder = new SubscriptionRecorder<TAdminPendingCounts>();
  const subscription = client.trpc.admin.onPendingCounts.subscribe(undefined, {
    onData: (event) => recorder.push(event.data),
    onError: (error) => recorder.fail(error),
  });
  return { recorder, subscription };
}

describe('admin.onPendingCounts', () => {
  test('sends the counts at once, then again when a violation is recorded and when it is reviewed', async () => {
    const admin = await insertTestUser(testDb.db, { admin: true });
    const sender = await insertTestUser(testDb.db);
    const receiver = await insertTestUser(testDb.db);
    const { recorder, subscription } = subscribePending(await connectAs(admin.id));
    const [first] = await recorder.waitForValues(1);
    expect(first).toMatchObject({ violations: 0, refunds: 0, usdtRecharges: 0, usdnWithdrawals: 0 });

    // a violation written straight to the table, as chat sends do: nothing tells the console but the trigger
    const violation = await testDb.db
      .insertInto('message_violations')
      .values({
        sender_id: sender.id,
        receiver_id: receiver.id,
        violation_type: 'phone',
        detected_types: ['phone'],
        original_content: 'call 13812345678',
        detected_patterns: ['13812345678'],
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [, second] = await recorder.waitForValues(2);
    expect(second?.violations).toBe(1);

    await testDb.db
      .updateTable('message_violations')
      .set({ reviewed_at: new Date(), reviewed_by: admin.id, action_taken: 'reviewed' })
      .where('id', '=', violation.id)
      .execute();
    const [, , third] = await recorder.waitForValues(3);
    expect(third?.violations).toBe(0);
    subscription.unsubscribe();
  });

  test('a change that leaves every count the same sends nothing', async () => {
    const admin = await insertTestUser(testDb.db, { admin: true });
    const { recorder, subscription } = subscribePending(await connectAs(admin.id));
    await recorder.waitForValues(1);
    // an UPDATE of a watched column that changes no count still wakes the stream; it re-counts and stays quiet
    await testDb.db.updateTable('refunds').set({ status: 'pending' }).where('status', '=', 'pending').execute();
    // the sentinel: a change that does move a count, made after it; it must be the next value
    const before = recorder.values[0]!;
    await testDb.db
      .insertInto('message_violations')
      .values({
        sender_id: admin.id,
        receiver_id: admin.id,
        original_content: 'sentinel',
        violation_type: 'phone',
        detected_types: ['phone'],
        detected_patterns: ['sentinel'],
      })
      .execute();
    const [, second] = await recorder.waitForValues(2);
    expect(second).toEqual({ ...before, violations: before.violations + 1 });
    subscription.unsubscribe();
  });

  test('is refused to a member without the admin role', async () => {
    const member = await insertTestUser(testDb.db);
    const { recorder } = subscribePending(await connectAs(member.id));
    const error = await recorder.waitForError();
    expect(error).toBeInstanceOf(TRPCClientError);
    expect((error as TRPCClientError<AppRouter>).data?.appError.code).toBe('ADMIN_REQUIRED');
  });
});

describe('admin.onDashboard', () => {
  function subscribeDashboard(client: TestWsClient) {
    const recorder = new SubscriptionRecorder<TAdminDashboard>();
    const subscription = client.trpc.admin.onDashboard.subscribe(undefined, {
      onData: (event) => recorder.push(event.data),
      onError: (error) => recorder.fail(error),
    });
    return { recorder, subscription };
  }

  test('counts every order placed, and follows new orders, listings, members and queues live', async () => {
    const admin = await insertTestUser(testDb.db, { admin: true });
    const { recorder, subscription } = subscribeDashboard(await connectAs(admin.id));
    const [first] = await recorder.waitForValues(1);
    const latest = () => recorder.values.at(-1)!;

    // four purchases through the orders procedure, the way members place them
    const orders = [];
    for (let i = 0; i < 4; i += 1) orders.push(await paidOrder(testServices));
    // each purchase made a buyer, a seller and a listing; the triggers announce all of them
    await eventually(() => latest().totals.orders === first!.totals.orders + 4 && latest().totals.users === first!.totals.users + 8);
    expect(latest().totals.listings).toBe(first!.totals.listings + 4);
    const asked = await (await callerFor(testServices, admin.id)).admin.dashboard();
    expect(asked.totals.orders).toBe(latest().totals.orders);
    expect(asked.totals.orders).toBe(await orderCount());

    // a refund request joins a queue: the dashboard's waiting list follows like the badge
    await orders[0]!.buyer.api.orders.requestRefund({ orderId: orders[0]!.orderId, reason: 'It never arrived.' });
    await eventually(() => latest().pending.refunds === first!.pending.refunds + 1 && latest().totals.refunds === first!.totals.refunds + 1);
    subscription.unsubscribe();
  });

  test('is refused to a member without the admin role', async () => {
    const member = await insertTestUser(testDb.db);
    const { recorder } = subscribeDashboard(await connectAs(member.id));
    const error = await recorder.waitForError();
    expect((error as TRPCClientError<AppRouter>).data?.appError.code).toBe('ADMIN_REQUIRED');
  });
});

async function orderCount(): Promise<number> {
  const row = await testDb.db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
