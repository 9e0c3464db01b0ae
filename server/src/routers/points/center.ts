import { ZPointsCenter, ZPointsCenterInput } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { loadPointsCenter } from '../../domain/points/center.ts';

/** The Curio center's figures: balance, lifetime earned/spent, today's check-in, invitation stats. */
export const center = memberProcedure
  .input(ZPointsCenterInput)
  .output(ZPointsCenter)
  .query(({ ctx, input }) => loadPointsCenter(ctx.services.db, { userId: ctx.user.id, now: ctx.services.clock.now(), browserZone: input?.timeZone }));
