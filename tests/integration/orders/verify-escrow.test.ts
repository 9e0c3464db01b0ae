import { expect, test } from '../../helpers/fixtures.ts';
import { runInTransaction } from '../../../server/src/db/transaction.ts';
import { formatLedgerReport, transfer, verifyLedger } from '../../../server/src/domain/ledger/index.ts';
import { expectLedgerHealthy, paidOrder, shippedOrder, key } from './support.ts';

test("verifyLedger checks every order's escrow against its status", async ({ db, services }) => {
  const open = await paidOrder(services, { priceCents: 4_000 });
  const done = await shippedOrder(services, { priceCents: 6_000 });
  await done.buyer.api.orders.confirmReceipt({ orderId: done.orderId, idempotencyKey: key() });
  await expectLedgerHealthy(db.db);

  // a second release of a completed order's escrow (the double spend the guarded UPDATE prevents)
  await runInTransaction(db.db, (trx) =>
    transfer(trx, {
      currency: 'usdn',
      from: { system: 'escrow' },
      to: { user: done.seller.id },
      amount: 6_000,
      kind: 'escrow_release',
      referenceType: 'order',
      referenceId: done.orderId,
    }),
  );
  // an open order whose status says resolved while its money is still held
  await db.db.updateTable('orders').set({ status: 'completed' }).where('id', '=', open.orderId).execute();

  const report = await verifyLedger(db.db);
  expect(report.ok).toBe(false);
  expect(report.orders).toBe(2);
  const escrow = report.violations.filter((v) => v.check === 'order_escrow');
  expect(escrow).toEqual(
    expect.arrayContaining([
      { check: 'order_escrow', orderId: done.orderId, status: 'completed', totalCents: 6_000, escrowCents: -6_000 },
      { check: 'order_escrow', orderId: open.orderId, status: 'completed', totalCents: 4_000, escrowCents: 4_000 },
    ]),
  );
  expect(escrow).toHaveLength(2);
  expect(formatLedgerReport(report)).toContain(`order ${open.orderId} (completed, total 4000) has 4000 in escrow`);
});
