import { ZAdminRechargeCodeListInput, ZAdminRechargeCodePage, ZAdminRechargeCodeStats } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { listRechargeCodes, rechargeCodeStats } from '../../../domain/admin/lists/recharge-codes.ts';

export const list = adminProcedure
  .input(ZAdminRechargeCodeListInput)
  .output(ZAdminRechargeCodePage)
  .query(({ ctx, input }) => listRechargeCodes(ctx.services.db, input, ctx.services.clock.now()));

export const stats = adminProcedure.output(ZAdminRechargeCodeStats).query(({ ctx }) => rechargeCodeStats(ctx.services.db, ctx.services.clock.now()));
