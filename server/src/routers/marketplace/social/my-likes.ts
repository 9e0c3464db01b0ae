import { ZMySocialItems } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { loadMySocialItems } from '../../../domain/social/my-items.ts';

/** The profile's likes tab: liked listings and buying requests, most recently liked first. */
export const myLikes = memberProcedure.output(ZMySocialItems).query(({ ctx }) => loadMySocialItems(ctx.services, 'like', ctx.user.id));
