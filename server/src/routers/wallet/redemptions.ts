import { z } from 'zod';
import { ZRedemption } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { myCodeRedemptions } from '../../domain/wallet/recharge-codes/my-redemptions.ts';

/** The member's last redemptions, newest first, with the code's batch name. */
export const redemptions = memberProcedure.output(z.array(ZRedemption)).query(({ ctx }) => myCodeRedemptions(ctx.services, ctx.user.id));
