import type { z } from 'zod';
import type { ZWithdrawal } from '@curio/shared';
import { type TWithdrawalStatus } from '@curio/shared';
import type { AppServices } from '../../app-services.ts';

/** A member makes few withdrawals; 100 covers years of history on one screen. */
const WITHDRAWALS_SHOWN = 100;

/** The member's withdrawal requests, newest first (rule W-11). */
export async function myWithdrawals(services: AppServices, memberId: string): Promise<z.output<typeof ZWithdrawal>[]> {
  const rows = await services.db
    .selectFrom('usdn_withdrawal_requests')
    .selectAll()
    .where('user_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(WITHDRAWALS_SHOWN)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    usdnAmountCents: row.usdn_amount_cents,
    feeCents: row.fee_cents,
    usdtAmountCents: row.usdt_amount_cents,
    network: row.network,
    address: row.withdrawal_address,
    status: row.status as TWithdrawalStatus,
    transactionHash: row.transaction_hash,
    rejectionReason: row.rejection_reason,
    createdAt: row.created_at,
    processedAt: row.processed_at,
  }));
}
