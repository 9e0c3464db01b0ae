import { ZListingCardList, ZListingIdInput } from '@curio/shared';
import { publicProcedure } from '../../../trpc/init.ts';
import { recommendListings } from '../../../domain/listings/recommendations.ts';

/**
 * "You may like" (rule L-16): other available listings in the same category,
 * by the same seller, or priced within 70-130 % of this one; most liked, then most favourited,
 * then most bought; eight at most. For an anonymous listing "same seller" is left out: the
 * seller's other, named listings would give the seller away.
 */
export const recommendations = publicProcedure
  .input(ZListingIdInput)
  .output(ZListingCardList)
  .query(({ ctx, input }) => recommendListings(ctx.services, input));
