import { ZPointsRedemption, ZPointsRedemptionInput } from '@curio/shared';
import { verifiedMemberProcedure } from '../../../trpc/init.ts';
import { createPointsRedemption } from '../../../domain/points/redemption.ts';

/** Points redemption (rules P-8 and P-9): min 1000, wechat or alipay, an account; the points are held at once. */
export const create = verifiedMemberProcedure
  .input(ZPointsRedemptionInput)
  .output(ZPointsRedemption)
  .mutation(({ ctx, input }) => createPointsRedemption(ctx.services, ctx.user.id, input));
