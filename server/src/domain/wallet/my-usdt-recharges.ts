import type { z } from 'zod';
import type { ZUsdtRecharge } from '@curio/shared';
import { uploadUrl, type TRechargeStatus } from '@curio/shared';
import type { AppServices } from '../../app-services.ts';

/** The last 10 top-up requests (rule W-6). */
const REQUESTS_SHOWN = 10;

/** The member's last USDT top-up requests with status and rejection reason, newest first. */
export async function myUsdtRecharges(services: AppServices, memberId: string): Promise<z.output<typeof ZUsdtRecharge>[]> {
  const rows = await services.db
    .selectFrom('usdt_recharge_requests')
    .select(['id', 'usdt_amount_cents', 'status', 'transaction_hash', 'payment_proof', 'credited_cents', 'rejection_reason', 'created_at'])
    .where('user_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(REQUESTS_SHOWN)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    usdtAmountCents: row.usdt_amount_cents,
    status: row.status as TRechargeStatus,
    transactionHash: row.transaction_hash,
    proofUrls: row.payment_proof.map(uploadUrl),
    creditedCents: row.credited_cents,
    rejectionReason: row.rejection_reason,
    createdAt: row.created_at,
  }));
}
