import { ZCreateListingInput, ZListingCreated } from '@curio/shared';
import { limitedPerMember, memberProcedure } from '../../../trpc/init.ts';
import { publishListing } from '../../../domain/listings/publish-listing.ts';

/** Publish a listing for a fee in points; it starts pending review. */
export const create = memberProcedure
  .use(limitedPerMember('listingsPerMember'))
  .input(ZCreateListingInput)
  .output(ZListingCreated)
  .mutation(({ ctx, input }) => publishListing(ctx.services, { sellerId: ctx.user.id, ...input }));
