import { ZWithdrawalInfo } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { getWithdrawalInfo } from '../../domain/wallet/withdrawal.ts';

/** The apply tab's minimum, fee fraction and USDT rate from the settings. */
export const withdrawalInfo = memberProcedure.output(ZWithdrawalInfo).query(({ ctx }) => getWithdrawalInfo(ctx.services.db));
