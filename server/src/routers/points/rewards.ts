import { z } from 'zod';
import { ZPointsReward } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { listPointsRewards } from '../../domain/points/center.ts';

/** The center's rewards tab (rule P-16): the 50 newest points movements of the member. */
export const rewards = memberProcedure.output(z.array(ZPointsReward)).query(({ ctx }) => listPointsRewards(ctx.services.db, ctx.user.id));
