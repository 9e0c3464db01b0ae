import { ZAdminUsdnWithdrawalListInput, ZAdminUsdnWithdrawalPage, ZAdminUsdnWithdrawalStats } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { listUsdnWithdrawals, usdnWithdrawalStats } from '../../../domain/admin/lists/usdn-withdrawals.ts';

export const list = adminProcedure
  .input(ZAdminUsdnWithdrawalListInput)
  .output(ZAdminUsdnWithdrawalPage)
  .query(({ ctx, input }) => listUsdnWithdrawals(ctx.services.db, input));

export const stats = adminProcedure.output(ZAdminUsdnWithdrawalStats).query(({ ctx }) => usdnWithdrawalStats(ctx.services.db));
