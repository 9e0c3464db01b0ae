import { ZListingsBySellerInput, ZListingsBySellerPage } from '@curio/shared';
import { publicProcedure } from '../../../trpc/init.ts';
import { listingsBySeller } from '../../../domain/listings/by-seller.ts';

/**
 * A member's listings for the profile tabs, newest first, keyset-paged. The owner sees every
 * listing of theirs; others see the ones on sale and not rejected (ADR 0008), never the
 * anonymous ones, which would otherwise be tied to their seller here.
 */
export const bySeller = publicProcedure
  .input(ZListingsBySellerInput)
  .output(ZListingsBySellerPage)
  .query(({ ctx, input }) => listingsBySeller(ctx.services, ctx.auth?.user.id ?? null, input));
