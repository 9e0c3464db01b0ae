import type { Tx } from '../../db/transaction.ts';
import { transfer, type TransferResult } from '../ledger/index.ts';

interface EscrowedOrder {
  id: string;
  buyer_id: string;
  seller_id: string;
  total_cents: number;
}

/**
 * An order's escrow leaves in one of two ways (rules O-7 to O-12): to the seller when the order
 * completes, or back to the buyer when it is refunded or cancelled. Always the whole total, so the
 * escrow account ends every order at zero; `createdBy` is the member or admin who caused it.
 * The buyer is among the affected either way: their in-escrow figure (rule W-1) drops.
 */
export async function settleEscrow(
  trx: Tx,
  order: EscrowedOrder,
  to: 'seller' | 'buyer',
  cause: { createdBy?: string; memo?: string } = {},
): Promise<TransferResult> {
  const moved = await transfer(trx, {
    currency: 'usdn',
    from: { system: 'escrow' },
    to: { user: to === 'seller' ? order.seller_id : order.buyer_id },
    amount: order.total_cents,
    kind: to === 'seller' ? 'escrow_release' : 'refund',
    referenceType: 'order',
    referenceId: order.id,
    ...cause,
  });
  return { ...moved, affectedUserIds: [...new Set([...moved.affectedUserIds, order.buyer_id])] };
}
