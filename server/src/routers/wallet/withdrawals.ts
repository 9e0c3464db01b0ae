import { z } from 'zod';
import { ZWithdrawal } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { myWithdrawals } from '../../domain/wallet/my-withdrawals.ts';

/** The member's withdrawal requests, newest first (rule W-11). */
export const withdrawals = memberProcedure.output(z.array(ZWithdrawal)).query(({ ctx }) => myWithdrawals(ctx.services, ctx.user.id));
