import { ZMySocialItems } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { loadMySocialItems } from '../../../domain/social/my-items.ts';

/** The profile's favourites tab: favourited listings and buying requests, newest first. */
export const myFavorites = memberProcedure.output(ZMySocialItems).query(({ ctx }) => loadMySocialItems(ctx.services, 'favorite', ctx.user.id));
