import { ZAdminPointsWithdrawal, ZAdminPointsWithdrawalListInput, ZPointsRedemptionStatus, ZRedemptionMethod, zAdminPage } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { containsPattern, countRows, pageWindow } from '../paging.ts';

/**
 * Spec 3 §2.11: legacy points withdrawal (redemption) requests, newest first, with the member,
 * points, fee, cash, method and account; filtered by status, searched by nickname or account.
 */
export const list = adminProcedure
  .input(ZAdminPointsWithdrawalListInput)
  .output(zAdminPage(ZAdminPointsWithdrawal))
  .query(async ({ ctx, input }) => {
    let query = ctx.services.db
      .selectFrom('points_withdrawal_requests as request')
      .innerJoin('profiles', 'profiles.user_id', 'request.user_id');
    if (input.status !== 'all') query = query.where('request.status', '=', input.status);
    if (input.search) {
      const pattern = containsPattern(input.search);
      query = query.where((eb) => eb.or([eb('profiles.nickname', 'ilike', pattern), eb('request.account_info', 'ilike', pattern)]));
    }
    const { limit, offset } = pageWindow(input);
    const [rows, total] = await Promise.all([
      query
        .selectAll('request')
        .select('profiles.nickname')
        .orderBy('request.created_at', 'desc')
        .orderBy('request.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      countRows(query),
    ]);
    return {
      total,
      items: rows.map((row) => ({
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
      })),
    };
  });
