import { z } from 'zod';
import { ZUsdtRecharge } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { myUsdtRecharges } from '../../domain/wallet/my-usdt-recharges.ts';

/** The member's last USDT top-up requests with status and rejection reason, newest first. */
export const usdtRecharges = memberProcedure.output(z.array(ZUsdtRecharge)).query(({ ctx }) => myUsdtRecharges(ctx.services, ctx.user.id));
