import { ZAdminAdjustUsdnInput, ZAdminAdjustUsdnResult } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { adjustUsdn as adjust } from '../../../domain/wallet/admin-adjustment.ts';

/** Add (positive) or deduct (negative) whole USDN with a reason. */
export const adjustUsdn = adminProcedure
  .input(ZAdminAdjustUsdnInput)
  .output(ZAdminAdjustUsdnResult)
  .mutation(({ ctx, input }) => adjust(ctx.services, { adminId: ctx.user.id, ...input }));
