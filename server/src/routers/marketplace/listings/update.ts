import { ZListingCreated, ZUpdateListingInput } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { editListing } from '../../../domain/listings/edit-listing.ts';

/**
 * /edit-listing/:id: the owner rewrites the publish fields. Changed content goes back to
 * pending review unless an admin already rejected it (ADR 0008). Images no longer used are
 * removed from storage once the change is committed.
 */
export const update = memberProcedure
  .input(ZUpdateListingInput)
  .output(ZListingCreated)
  .mutation(({ ctx, input }) => editListing(ctx.services, ctx.user.id, input));
