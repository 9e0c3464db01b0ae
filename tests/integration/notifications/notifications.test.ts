import { NOTIFICATIONS_PAGE_SIZE } from '@curio/shared';
import { describe, expect, test, vi } from '../../helpers/fixtures.ts';
import { type TestDatabase } from '../../helpers/test-db.ts';
import { runInTransaction } from '../../../server/src/db/transaction.ts';
import { notify, type NotificationInput } from '../../../server/src/domain/notifications/notify.ts';
import type { EventBus, RealtimeEvent } from '../../../server/src/realtime/events.ts';
import { createEventBus } from '../../../server/src/realtime/create-event-bus.ts';

let db: TestDatabase;
let bus: EventBus;

test.beforeAll(async ({ db: fileDb }) => {
  db = fileDb;
  // the bus the server would run on this database (LISTEN on PostgreSQL, PGlite's own listen)
  bus = await createEventBus(db);
});
test.afterAll(async () => {
  await bus?.close();
});

function send(input: NotificationInput) {
  return runInTransaction(db.db, (trx) => notify(trx, input));
}

describe('notifications', () => {
  test('a notification reaches only its member, with its params and link, and rings the bell', async ({ member }) => {
    const seller = await member();
    const other = await member();
    const seen: RealtimeEvent[] = [];
    const stop = bus.subscribe(seller.user.id, (event) => seen.push(event));
    await send({ userId: seller.user.id, type: 'tip_received', params: { amount: '5.00', currency: 'USDN', nickname: 'Mika' }, link: '/orders/x' });
    await vi.waitFor(() => expect(seen).toEqual([{ type: 'notifications-changed', userId: seller.user.id }]));
    stop();

    const page = await seller.api.notifications.list();
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ type: 'tip_received', params: { amount: '5.00', nickname: 'Mika' }, link: '/orders/x', isRead: false });
    expect(await seller.api.notifications.unreadCount()).toEqual({ count: 1 });
    expect((await other.api.notifications.list()).items).toHaveLength(0);
  });

  test('pages newest first without gaps; marking some or all read', async ({ member }) => {
    const m = await member();
    const total = NOTIFICATIONS_PAGE_SIZE + 3;
    for (let i = 0; i < total; i++) await send({ userId: m.user.id, type: 'order_paid', params: { n: i } });
    const first = await m.api.notifications.list();
    expect(first.items).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    const second = await m.api.notifications.list({ cursor: first.nextCursor });
    expect(second.items).toHaveLength(3);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.items, ...second.items].map((n) => n.id)).size).toBe(total);

    expect(await m.api.notifications.markRead({ ids: [first.items[0]!.id] })).toEqual({ updated: 1 });
    expect(await m.api.notifications.unreadCount()).toEqual({ count: total - 1 });
    expect(await m.api.notifications.markRead({})).toEqual({ updated: total - 1 });
    expect(await m.api.notifications.unreadCount()).toEqual({ count: 0 });
  });

  test("one member cannot mark another member's notifications read", async ({ member }) => {
    const owner = await member();
    const intruder = await member();
    await send({ userId: owner.user.id, type: 'warning' });
    const [item] = (await owner.api.notifications.list()).items;
    expect(await intruder.api.notifications.markRead({ ids: [item!.id] })).toEqual({ updated: 0 });
    expect(await owner.api.notifications.unreadCount()).toEqual({ count: 1 });
  });

  test('a stored type this build does not know is left out instead of failing the list', async ({ member }) => {
    const m = await member();
    await db.db.insertInto('notifications').values({ user_id: m.user.id, type: 'from_the_future' }).execute();
    await send({ userId: m.user.id, type: 'banned' });
    expect((await m.api.notifications.list()).items.map((n) => n.type)).toEqual(['banned']);
  });
});
