import type { TBalances } from '@curio/shared';
import { ORDER_LIMITS } from '@curio/shared';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { browserAuth, type TestServices } from '../../helpers/services.ts';
import { runInTransaction } from '../../../server/src/db/transaction.ts';
import { approveRefund } from '../../../server/src/domain/orders/resolve-refund.ts';
import { cancelUnshippedOrder } from '../../../server/src/domain/orders/cancel-unshipped.ts';
import { createCallerFactory } from '../../../server/src/trpc/init.ts';
import { appRouter } from '../../../server/src/trpc/app-router.ts';
import { createInnerContext } from '../../../server/src/trpc/context.ts';
import { loadAuthUser } from '../../../server/src/domain/accounts/sessions.ts';
import { escrowBalance, expectLedgerHealthy, insertListing, key } from '../orders/support.ts';

async function balancesStream(services: TestServices, userId: string): Promise<AsyncIterator<TBalances>> {
  const user = await loadAuthUser(services.db, userId);
  if (!user) throw new Error('no such user');
  const caller = createCallerFactory(appRouter)(createInnerContext({ services, auth: browserAuth(user) }));
  return (await caller.wallet.onBalances())[Symbol.asyncIterator]();
}

function nextWithin<T>(iterator: AsyncIterator<T>, ms = 2_000): Promise<IteratorResult<T>> {
  return Promise.race([iterator.next(), new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no value within ${ms} ms`)), ms))]);
}

describe('wallet.balances: available, held and in escrow (rule W-1)', () => {
  test('a purchase moves the total from available into escrow; it leaves escrow when the order resolves', async ({ db, services, member, admin }) => {
    const seller = await member({ nickname: 'Escrow seller' });
    const buyer = await member({ nickname: 'Escrow buyer', usdnCents: 20_000 });
    const listingId = await insertListing(db.db, seller.id, { priceCents: 2_550, quantity: 10 });
    const buy = async (quantity: number) => (await buyer.api.orders.purchase({ listingId, quantity, idempotencyKey: key() })).orderId;

    expect(await buyer.api.wallet.balances()).toEqual({ usdnAvailableCents: 20_000, usdnHeldCents: 0, usdnEscrowCents: 0, points: 0 });

    const toComplete = await buy(2);
    const toRefund = await buy(1);
    const toCancel = await buy(1);
    await buy(1); // stays open
    // 5 units at 25.50: available drops by 127.50, all of it in escrow, nothing held
    expect(await buyer.api.wallet.balances()).toEqual({ usdnAvailableCents: 7_250, usdnHeldCents: 0, usdnEscrowCents: 12_750, points: 0 });
    // the escrow is the buyer's, not the seller's
    expect((await seller.api.wallet.balances()).usdnEscrowCents).toBe(0);
    expect(await escrowBalance(db.db)).toBe(12_750);

    // shipped and refunding orders still hold their totals
    await seller.api.orders.ship({ orderId: toComplete, deliveryInfo: 'SF 1' });
    await buyer.api.orders.requestRefund({ orderId: toRefund, reason: 'Broken' });
    expect((await buyer.api.wallet.balances()).usdnEscrowCents).toBe(12_750);

    // completion releases to the seller
    await buyer.api.orders.confirmReceipt({ orderId: toComplete, idempotencyKey: key() });
    expect((await buyer.api.wallet.balances()).usdnEscrowCents).toBe(7_650);

    // an approved refund returns to the buyer's available balance
    const refund = await db.db.selectFrom('refunds').select('id').where('order_id', '=', toRefund).executeTakeFirstOrThrow();
    await runInTransaction(db.db, (trx) => approveRefund(trx, { refundId: refund.id, adminId: admin.id, notes: null, now: services.clock.now() }));
    expect(await buyer.api.wallet.balances()).toMatchObject({ usdnAvailableCents: 9_800, usdnEscrowCents: 5_100 });

    // an unshipped order cancelled by the sweeper returns too; the open one stays in escrow
    const late = new Date(services.clock.now().getTime() + ORDER_LIMITS.shipDeadlineMs + 1);
    expect(await runInTransaction(db.db, (trx) => cancelUnshippedOrder(trx, { orderId: toCancel, now: late }))).not.toBeNull();
    const balances = await buyer.api.wallet.balances();
    expect(balances).toEqual({ usdnAvailableCents: 12_350, usdnHeldCents: 0, usdnEscrowCents: 2_550, points: expect.any(Number) as number });
    // every cent is in exactly one place: what the buyer had, less what the seller was paid
    expect(balances.usdnAvailableCents + balances.usdnEscrowCents).toBe(20_000 - 2 * 2_550);
    expect(await escrowBalance(db.db)).toBe(2_550);

    // the admin console shows the same three figures
    const listed = await admin.api.admin.users.list({ search: 'Escrow buyer' });
    expect(listed.items[0]).toMatchObject({ usdnCents: 12_350, usdnHeldCents: 0, usdnEscrowCents: 2_550 });
    await expectLedgerHealthy(db.db);
  });

  test("the buyer's open balance stream hears when their escrow is released to the seller", async ({ db, services, member }) => {
    const seller = await member({ nickname: 'Stream seller' });
    const buyer = await member({ nickname: 'Stream buyer', usdnCents: 5_000 });
    const listingId = await insertListing(db.db, seller.id, { priceCents: 1_000 });
    const { orderId } = await buyer.api.orders.purchase({ listingId, quantity: 1, idempotencyKey: key() });
    await seller.api.orders.ship({ orderId, deliveryInfo: 'SF 2' });

    const stream = await balancesStream(services, buyer.id);
    expect((await nextWithin(stream)).value).toMatchObject({ usdnAvailableCents: 4_000, usdnEscrowCents: 1_000 });
    // the release moves money between escrow and the seller only; the buyer must still be told
    await buyer.api.orders.confirmReceipt({ orderId, idempotencyKey: key() });
    expect((await nextWithin(stream)).value).toMatchObject({ usdnAvailableCents: 4_000, usdnEscrowCents: 0 });
    await stream.return?.();
  });
});
