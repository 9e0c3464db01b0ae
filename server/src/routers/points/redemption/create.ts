import { ZPointsRedemption, ZPointsRedemptionInput } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { createPointsRedemption } from '../../../services/points/redemption.ts';

/** Spec 2 §5 "Points redemption": min 1000, wechat or alipay, an account; the points are held at once. */
export const create = memberProcedure
  .input(ZPointsRedemptionInput)
  .output(ZPointsRedemption)
  .mutation(({ ctx, input }) => createPointsRedemption(ctx.services, ctx.user.id, input));
