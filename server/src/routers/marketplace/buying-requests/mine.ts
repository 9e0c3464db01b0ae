import { z } from 'zod';
import { ZMyBuyingRequest } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { myBuyingRequests } from '../../../domain/buying-requests/my-requests.ts';

/** /buying-requests/my: the caller's requests, newest first, each with all its offers and their history. */
export const mine = memberProcedure.output(z.array(ZMyBuyingRequest)).query(({ ctx }) => myBuyingRequests(ctx.services, ctx.user.id));
