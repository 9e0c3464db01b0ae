import { describe, expect, test } from '../../helpers/fixtures.ts';
import { readFileSync } from 'node:fs';
import { ORDER_LIMITS, ORDERS_CSV_COLUMNS, type TOrdersCsvColumn, type TOrderStatus } from '@curio/shared';
import { type TestServices } from '../../helpers/services.ts';
import { spreadsheetCsv } from '../../../server/src/domain/admin/spreadsheet-csv.ts';
import { monthRangeIn } from '../../../server/src/domain/orders/local-time.ts';
import { insertListing, key, member, type Member } from './support.ts';
import { expectAppError } from '../../helpers/app-errors.ts';

/** One seller with orders from one buyer in every status the tabs care about. */
async function shop(services: TestServices) {
  const seller = await member(services, { nickname: 'Shopkeeper' });
  const buyer = await member(services, { nickname: 'Collector', usdnCents: 1_000_000 });
  const buy = async (title: string, priceCents = 1_000) => {
    const listingId = await insertListing(services.db, seller.id, { title, priceCents, quantity: 5 });
    services.clock.advance(1_000);
    return (await buyer.api.orders.purchase({ listingId, quantity: 1, idempotencyKey: key() })).orderId;
  };
  const paid = await buy('paid one');
  const shipped = await buy('shipped one');
  await seller.api.orders.ship({ orderId: shipped, deliveryInfo: 'x' });
  const completed = await buy('completed one', 5_000);
  await seller.api.orders.ship({ orderId: completed, deliveryInfo: 'x' });
  await buyer.api.orders.confirmReceipt({ orderId: completed, idempotencyKey: key() });
  const reviewed = await buy('reviewed one', 7_000);
  await seller.api.orders.ship({ orderId: reviewed, deliveryInfo: 'x' });
  await buyer.api.orders.confirmReceipt({ orderId: reviewed, idempotencyKey: key() });
  await services.db.insertInto('reviews').values({ order_id: reviewed, reviewer_id: buyer.id, reviewee_id: seller.id, rating: 5, content: 'Lovely' }).execute();
  const refunding = await buy('refunding one');
  await buyer.api.orders.requestRefund({ orderId: refunding, reason: 'x' });
  const cancelled = await buy('cancelled one');
  await services.db.updateTable('orders').set({ status: 'cancelled' }).where('id', '=', cancelled).execute();
  return { seller, buyer, ids: { paid, shipped, completed, reviewed, refunding, cancelled } };
}

async function titles(who: Member, input: Parameters<Member['api']['orders']['list']>[0]) {
  return (await who.api.orders.list(input)).items.map((item) => item.title);
}

describe('orders.list', () => {
  test('buy and sell tabs, each filter, newest first', async ({ services }) => {
    const { seller, buyer } = await shop(services);
    expect(await titles(buyer, { side: 'buy' })).toEqual(['cancelled one', 'refunding one', 'reviewed one', 'completed one', 'shipped one', 'paid one']);
    expect(await titles(buyer, { side: 'buy', filter: 'pending' })).toEqual([]);
    expect(await titles(buyer, { side: 'buy', filter: 'to_ship' })).toEqual(['paid one']);
    expect(await titles(buyer, { side: 'buy', filter: 'to_receive' })).toEqual(['shipped one']);
    expect(await titles(buyer, { side: 'buy', filter: 'to_review' })).toEqual(['completed one']);
    expect(await titles(buyer, { side: 'buy', filter: 'refunding' })).toEqual(['refunding one']);
    expect(await titles(buyer, { side: 'sell' })).toEqual([]);

    expect(await titles(seller, { side: 'sell', filter: 'to_ship' })).toEqual(['paid one']);
    expect(await titles(seller, { side: 'sell', filter: 'shipped' })).toEqual(['shipped one']);
    expect(await titles(seller, { side: 'sell', filter: 'completed' })).toEqual(['reviewed one', 'completed one']);
    expect(await titles(seller, { side: 'sell', filter: 'refunding' })).toEqual(['cancelled one', 'refunding one']);
    expect(await titles(seller, { side: 'buy' })).toEqual([]);
  });

  test('summaries carry both parties, urgency and whether I reviewed', async ({ services }) => {
    const { seller, buyer, ids } = await shop(services);
    const items = (await seller.api.orders.list({ side: 'sell' })).items;
    const paid = items.find((item) => item.id === ids.paid)!;
    expect(paid).toMatchObject({
      shortId: ids.paid.slice(0, 8).toUpperCase(),
      status: 'paid',
      quantity: 1,
      totalCents: 1_000,
      unitPriceCents: 1_000,
      imageUrl: '/uploads/listing/2026/11/00000000-0000-4000-8000-000000000001.webp',
      buyer: { id: buyer.id, nickname: 'Collector', creditScore: 100, avatarUrl: null },
      seller: { id: seller.id, nickname: 'Shopkeeper' },
      urgent: false,
    });
    const mine = (await buyer.api.orders.list({ side: 'buy' })).items;
    expect(mine.find((item) => item.id === ids.reviewed)?.reviewedByMe).toBe(true);
    expect(mine.find((item) => item.id === ids.completed)?.reviewedByMe).toBe(false);

    services.clock.advance(ORDER_LIMITS.urgentAfterMs + 60_000);
    const later = (await seller.api.orders.list({ side: 'sell', filter: 'to_ship' })).items;
    expect(later.map((item) => [item.id, item.urgent])).toEqual([[ids.paid, true]]);
  });

  test('pages of 20 by keyset cursor, no duplicates, no gaps; a forged cursor is refused', async ({ db, services, member }) => {
    const seller = await member();
    const buyer = await member({ usdnCents: 1_000_000 });
    const listingId = await insertListing(db.db, seller.id, { quantity: 100, priceCents: 100 });
    const made: string[] = [];
    for (let index = 0; index < 45; index++) {
      // every other order shares a timestamp, so the id breaks ties
      if (index % 2 === 0) services.clock.advance(1_000);
      made.push((await buyer.api.orders.purchase({ listingId, quantity: 1, idempotencyKey: key() })).orderId);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<typeof buyer.api.orders.list>> = await buyer.api.orders.list({ side: 'buy', cursor });
      expect(page.items.length).toBeLessThanOrEqual(ORDER_LIMITS.pageSize);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(45);
    expect(new Set(seen)).toEqual(new Set(made));
    await expectAppError(buyer.api.orders.list({ side: 'buy', cursor: 'not-a-cursor' }), 'VALIDATION_FAILED');
  });
});

describe('orders.get', () => {
  test('the buyer and the seller see the order with their role; the escrow notice follows the status', async ({ services }) => {
    const { seller, buyer, ids } = await shop(services);
    const asBuyer = await buyer.api.orders.get({ orderId: ids.shipped });
    expect(asBuyer).toMatchObject({ role: 'buyer', status: 'shipped', escrowStatus: 'in_progress', deliveryInfo: 'x', refund: null, myComplaints: [] });
    expect(asBuyer.shipDeadlineAt).toBeInstanceOf(Date);
    const asSeller = await seller.api.orders.get({ orderId: ids.refunding });
    expect(asSeller).toMatchObject({ role: 'seller', status: 'refunding', refund: { status: 'pending', reason: 'x' } });
    expect((await seller.api.orders.get({ orderId: ids.completed })).escrowStatus).toBe('completed');
    expect((await seller.api.orders.get({ orderId: ids.cancelled })).escrowStatus).toBe('refunded');
  });

  test('an admin reads any order as role admin, and every party action stays refused (rule O-14)', async ({ services, admin }) => {
    const { seller, buyer, ids } = await shop(services);
    const asAdmin = await admin.api.orders.get({ orderId: ids.refunding });
    expect(asAdmin).toMatchObject({
      role: 'admin',
      status: 'refunding',
      buyer: { id: buyer.id, nickname: 'Collector' },
      seller: { id: seller.id, nickname: 'Shopkeeper' },
      refund: { status: 'pending', reason: 'x' },
      myComplaints: [],
    });
    expect((await admin.api.orders.get({ orderId: ids.paid })).role).toBe('admin');

    const before = await services.db.selectFrom('orders').select(['id', 'status', 'updated_at']).orderBy('id').execute();
    await expectAppError(admin.api.orders.ship({ orderId: ids.paid, deliveryInfo: 'SF 1' }), 'ORDER_ACCESS_DENIED');
    await expectAppError(admin.api.orders.confirmReceipt({ orderId: ids.shipped, idempotencyKey: key() }), 'ORDER_ACCESS_DENIED');
    await expectAppError(admin.api.orders.requestRefund({ orderId: ids.paid, reason: 'not mine' }), 'ORDER_ACCESS_DENIED');
    await expectAppError(admin.api.orders.complain({ orderId: ids.paid, type: 'other', reason: 'not mine' }), 'ORDER_ACCESS_DENIED');
    await expectAppError(admin.api.orders.tips.send({ orderId: ids.completed, currency: 'points', amount: 1, idempotencyKey: key() }), 'TIP_NOT_ALLOWED');
    await expectAppError(admin.api.marketplace.reviews.create({ orderId: ids.completed, rating: 5, content: 'x', images: [] }), 'REVIEW_NOT_ALLOWED');
    expect(await services.db.selectFrom('orders').select(['id', 'status', 'updated_at']).orderBy('id').execute()).toEqual(before);
    expect(await services.db.selectFrom('complaints').select('id').where('reporter_id', '=', admin.id).execute()).toEqual([]);
  });
});

describe('orders.sellSummary', () => {
  test("to ship, urgent, this month's revenue in the member's time zone, total orders", async ({ services }) => {
    const { seller } = await shop(services);
    expect(await seller.api.orders.sellSummary({})).toEqual({ toShip: 1, urgent: 0, monthRevenueCents: 12_000, totalOrders: 6 });
    services.clock.advance(ORDER_LIMITS.urgentAfterMs + 60_000);
    expect(await seller.api.orders.sellSummary({ timeZone: 'UTC' })).toMatchObject({ toShip: 1, urgent: 1 });
    await expectAppError(seller.api.orders.sellSummary({ timeZone: 'Mars/Olympus' }), 'TIME_ZONE_INVALID');
  });

  test('revenue counts orders completed this calendar month where the member lives', async ({ db, services, member }) => {
    const seller = await member();
    const other = await member();
    const buyer = await member();
    // completed at 2026-11-30T17:00Z: still November in UTC, already December 1st in Shanghai
    const completedAt = new Date('2026-11-30T17:00:00Z');
    for (const sellerId of [seller.id, other.id]) {
      await db.db
        .insertInto('orders')
        .values({
          buyer_id: buyer.id,
          seller_id: sellerId,
          title: 'edge',
          unit_price_cents: 4_200,
          quantity: 1,
          total_cents: 4_200,
          status: 'completed',
          completed_at: completedAt,
        })
        .execute();
    }
    services.clock.set(new Date('2026-11-30T12:00:00Z'));
    expect((await seller.api.orders.sellSummary({ timeZone: 'UTC' })).monthRevenueCents).toBe(4_200);
    expect((await seller.api.orders.sellSummary({ timeZone: 'Asia/Shanghai' })).monthRevenueCents).toBe(0);
    // without a zone asked for: the profile's zone, else Asia/Shanghai
    expect((await seller.api.orders.sellSummary({})).monthRevenueCents).toBe(0);
    await db.db.updateTable('profiles').set({ time_zone: 'Europe/London' }).where('user_id', '=', seller.id).execute();
    expect((await seller.api.orders.sellSummary({})).monthRevenueCents).toBe(4_200);
    services.clock.set(new Date('2026-12-01T01:00:00Z'));
    expect((await other.api.orders.sellSummary({ timeZone: 'Asia/Shanghai' })).monthRevenueCents).toBe(4_200);
  });

  test('month ranges follow the zone, across the year end and DST', () => {
    expect(monthRangeIn(new Date('2026-12-31T20:00:00Z'), 'Asia/Shanghai')).toEqual({
      start: new Date('2026-12-31T16:00:00Z'),
      end: new Date('2027-01-31T16:00:00Z'),
    });
    expect(monthRangeIn(new Date('2026-03-15T12:00:00Z'), 'America/New_York')).toEqual({
      start: new Date('2026-03-01T05:00:00Z'),
      end: new Date('2026-04-01T04:00:00Z'),
    });
  });
});

describe('orders.exportCsv', () => {
  test('sold orders as CSV with a BOM and CRLF; totals in USDN; local times; formulas defused', async ({ db, services, member }) => {
    const seller = await member({ nickname: 'Csv seller' });
    const buyer = await member({ nickname: '=HYPERLINK("x")', usdnCents: 1_000_000 });
    const listingId = await insertListing(db.db, seller.id, { title: '青花瓷, "Ming" style', priceCents: 123_456, quantity: 5 });
    services.clock.set(new Date('2026-11-21T16:30:00Z'));
    const { orderId } = await buyer.api.orders.purchase({ listingId, quantity: 2, idempotencyKey: key() });
    const evil = await insertListing(db.db, seller.id, { title: '@SUM(A1)', priceCents: 100 });
    services.clock.advance(60_000);
    const second = await buyer.api.orders.purchase({ listingId: evil, quantity: 1, idempotencyKey: key() });

    const { filename, csv } = await seller.api.orders.exportCsv({});
    expect(filename).toBe('curio-orders-2026-11-22.csv');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines).toEqual([
      'id,title,buyer,quantity,total,status,created',
      `${second.orderId},'@SUM(A1),"'=HYPERLINK(""x"")",1,1.00,paid,2026-11-22 00:31`,
      `${orderId},"青花瓷, ""Ming"" style","'=HYPERLINK(""x"")",2,"2,469.12",paid,2026-11-22 00:30`,
      '',
    ]);
    const utc = await seller.api.orders.exportCsv({ timeZone: 'UTC' });
    expect(utc.csv).toContain('2026-11-21 16:30');
    // the buyer sold nothing
    expect((await buyer.api.orders.exportCsv()).csv).toBe('\uFEFFid,title,buyer,quantity,total,status,created\r\n');
  });

  test("the exporter's language: column titles and the order page's status labels, from the client's translations", async ({ db, member }) => {
    const seller = await member({ nickname: 'Zh seller' });
    const buyer = await member({ nickname: 'Zh buyer', usdnCents: 100_000 });
    const listingId = await insertListing(db.db, seller.id, { title: '紫砂壶', priceCents: 1_000, quantity: 5 });
    const paid = await buyer.api.orders.purchase({ listingId, quantity: 1, idempotencyKey: key() });
    const refunding = await buyer.api.orders.purchase({ listingId, quantity: 1, idempotencyKey: key() });
    await buyer.api.orders.requestRefund({ orderId: refunding.orderId, reason: '坏了' });
    const shipped = await buyer.api.orders.purchase({ listingId, quantity: 1, idempotencyKey: key() });
    await seller.api.orders.ship({ orderId: shipped.orderId, deliveryInfo: '顺丰 SF123' });

    const zh = JSON.parse(readFileSync(new URL('../../../client/src/i18n/locales/zh-CN/orders.json', import.meta.url), 'utf8')) as {
      status: Record<TOrderStatus, string>;
      list: { csv: Record<TOrdersCsvColumn, string> };
    };
    const { csv } = await seller.api.orders.exportCsv({ timeZone: 'UTC', labels: { columns: zh.list.csv, statuses: zh.status } });
    const rows = csv
      .slice(1)
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    expect(rows[0]).toEqual(ORDERS_CSV_COLUMNS.map((column) => zh.list.csv[column]));
    const statusColumn = ORDERS_CSV_COLUMNS.indexOf('status');
    const statusOf = (orderId: string) => rows.find((row) => row[0] === orderId)?.[statusColumn];
    expect(statusOf(paid.orderId)).toBe(zh.status.paid);
    expect(statusOf(refunding.orderId)).toBe(zh.status.refunding);
    expect(statusOf(shipped.orderId)).toBe(zh.status.shipped);
    // no English code is left in a Chinese export
    expect(rows.slice(1).map((row) => row[statusColumn])).not.toContain('paid');

    // a label set that misses a status is refused, not half-translated
    const { paid: _missing, ...partial } = zh.status;
    await expectAppError(
      seller.api.orders.exportCsv({ labels: { columns: zh.list.csv, statuses: partial as Record<TOrderStatus, string> } }),
      'VALIDATION_FAILED',
    );
  });

  test('exported cells never start a formula, full-width triggers included', () => {
    const csv = spreadsheetCsv([['=1', '+1', '-1', '@a', '\tx', '\uFF1D1', 'plain', '1-2']]);
    expect(csv).toBe(`\uFEFF'=1,'+1,'-1,'@a,'\tx,'\uFF1D1,plain,1-2\r\n`);
  });
});
