import { ZListingDetail, ZListingIdInput } from '@curio/shared';
import { publicProcedure } from '../../../trpc/init.ts';
import { getListing } from '../../../domain/listings/get-listing.ts';

/**
 * /listing/:id for visitors and members. The buyer never shows; an anonymous listing shows no
 * seller except to its owner. A listing taken down (unavailable) is visible to its owner and
 * admins only, so a takedown really takes it off the site.
 */
export const get = publicProcedure
  .input(ZListingIdInput)
  .output(ZListingDetail)
  .query(({ ctx, input }) => getListing(ctx.services, ctx.auth?.user ?? null, input));
