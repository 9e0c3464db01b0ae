import type { z } from 'zod';
import type { ZAdminPointsWithdrawal, ZAdminPointsWithdrawalListInput } from '@curio/shared';
import { ZPointsRedemptionStatus, ZRedemptionMethod } from '@curio/shared';
import { adminPage, containsPattern } from '../paged-list.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { referralSignals } from '../../points/referral-signals.ts';

/**
 * The points redemptions tab (rule AD-25): legacy points withdrawal (redemption) requests,
 * newest first, with the member, points, fee, cash, method and account; filtered by status,
 * searched by nickname or account. Each request carries the requester's invitation figures, so
 * points farmed with sock accounts are seen before they are paid out (ADR 0045).
 */
export async function listPointsRedemptions(
  db: Kysely<Database>,
  input: z.output<typeof ZAdminPointsWithdrawalListInput>,
): Promise<{ total: number; items: z.output<typeof ZAdminPointsWithdrawal>[] }> {
  let query = db.selectFrom('points_withdrawal_requests as request').innerJoin('profiles', 'profiles.user_id', 'request.user_id');
  if (input.status !== 'all') query = query.where('request.status', '=', input.status);
  if (input.search) {
    const pattern = containsPattern(input.search);
    query = query.where((eb) => eb.or([eb('profiles.nickname', 'ilike', pattern), eb('request.account_info', 'ilike', pattern)]));
  }
  const page = await adminPage(
    input,
    query,
    (redemptions) => redemptions.selectAll('request').select('profiles.nickname').orderBy('request.created_at', 'desc').orderBy('request.id', 'desc'),
    (row) => ({
      id: row.id,
      user: { id: row.user_id, nickname: row.nickname },
      points: row.points_amount,
      feePoints: row.fee_points,
      cashCents: row.cash_amount_cents,
      method: ZRedemptionMethod.catch('alipay').parse(row.withdrawal_method),
      account: row.account_info,
      status: ZPointsRedemptionStatus.catch('pending').parse(row.status),
      adminNotes: row.admin_notes,
      createdAt: row.created_at,
      processedAt: row.processed_at,
    }),
  );
  const signals = await referralSignals(
    db,
    page.items.map((item) => item.user.id),
  );
  return { total: page.total, items: page.items.map((item) => ({ ...item, referrals: signals.get(item.user.id)! })) };
}
