import { ZDepositInfo } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { getDepositInfo } from '../../domain/wallet/usdt-recharge.ts';

/** The USDT tab's deposit address (null when not configured), minimum and rate. */
export const depositInfo = memberProcedure.output(ZDepositInfo).query(({ ctx }) => getDepositInfo(ctx.services.db));
