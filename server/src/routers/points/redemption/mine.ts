import { z } from 'zod';
import { ZPointsRedemption } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { listPointsRedemptions } from '../../../domain/points/redemption.ts';

/** The history tab of /points-redemption, newest first. */
export const mine = memberProcedure.output(z.array(ZPointsRedemption)).query(({ ctx }) => listPointsRedemptions(ctx.services.db, ctx.user.id));
