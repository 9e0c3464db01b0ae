import { ZAdminUsdtRechargeListInput, ZAdminUsdtRechargePage, ZAdminUsdtRechargeStats } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { listUsdtRecharges, usdtRechargeStats } from '../../../domain/admin/lists/usdt-recharges.ts';

export const list = adminProcedure
  .input(ZAdminUsdtRechargeListInput)
  .output(ZAdminUsdtRechargePage)
  .query(({ ctx, input }) => listUsdtRecharges(ctx.services.db, input));

export const stats = adminProcedure.output(ZAdminUsdtRechargeStats).query(({ ctx }) => usdtRechargeStats(ctx.services.db));
