import type { z } from 'zod';
import type { ZRedemption } from '@curio/shared';
import type { AppServices } from '../../../app-services.ts';

/** The last 10 redemptions on the code tab (rule W-5). */
const REDEMPTIONS_SHOWN = 10;

/** The member's last redemptions, newest first, with the code's batch name. */
export async function myCodeRedemptions(services: AppServices, memberId: string): Promise<z.output<typeof ZRedemption>[]> {
  const rows = await services.db
    .selectFrom('recharge_code_redemptions as r')
    .innerJoin('recharge_codes as c', 'c.id', 'r.code_id')
    .select(['r.id', 'c.batch_name', 'r.redeemed_at', 'r.usdn_received_cents'])
    .where('r.user_id', '=', memberId)
    .orderBy('r.redeemed_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(REDEMPTIONS_SHOWN)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    batchName: row.batch_name,
    redeemedAt: row.redeemed_at,
    usdnReceivedCents: row.usdn_received_cents,
  }));
}
