import { ZAdminPointsWithdrawal, ZAdminPointsWithdrawalListInput, zAdminPage } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { listPointsRedemptions } from '../../../domain/admin/lists/points-redemptions.ts';

export const list = adminProcedure
  .input(ZAdminPointsWithdrawalListInput)
  .output(zAdminPage(ZAdminPointsWithdrawal))
  .query(({ ctx, input }) => listPointsRedemptions(ctx.services.db, input));
