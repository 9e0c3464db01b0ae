import { ZAdminUserDetail, ZAdminUserHistoryInput, ZAdminUserIdInput, ZHistoryPage } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { getUserDetail } from '../../../domain/admin/lists/users.ts';
import { readHistory } from '../../../domain/wallet/history.ts';

/** The member detail view: balances, role, ban state and every past ban (orders come from admin.orders.list). */
export const get = adminProcedure
  .input(ZAdminUserIdInput)
  .output(ZAdminUserDetail)
  .query(({ ctx, input }) => getUserDetail(ctx.services.db, input.userId));

/** The member's ledger history in one currency, exactly as their own wallet page reads it. */
export const history = adminProcedure
  .input(ZAdminUserHistoryInput)
  .output(ZHistoryPage)
  .query(({ ctx, input }) =>
    readHistory(ctx.services.db, { userId: input.userId, currency: input.currency, cursor: input.cursor ?? null, limit: input.limit }),
  );
