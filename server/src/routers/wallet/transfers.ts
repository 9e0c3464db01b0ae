import { z } from 'zod';
import { ZTransferRecord } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { myTransfers } from '../../domain/wallet/my-transfers.ts';

/**
 * The member's last transfers. A sent one names the recipient by the e-mail the member typed;
 * a received one names the sender by nickname, never by e-mail address, which stays private.
 */
export const transfers = memberProcedure.output(z.array(ZTransferRecord)).query(({ ctx }) => myTransfers(ctx.services, ctx.user.id));
