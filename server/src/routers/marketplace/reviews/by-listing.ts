import { ZReviewsByListingInput, ZReviewsPage } from '@curio/shared';
import { publicProcedure } from '../../../trpc/init.ts';
import { loadListingReviews } from '../../../domain/reviews/read.ts';

/** The purchase-reviews tab of a listing, with its summary (rule S-21; visitors may read reviews). */
export const byListing = publicProcedure
  .input(ZReviewsByListingInput)
  .output(ZReviewsPage)
  .query(({ ctx, input }) => loadListingReviews(ctx.services.db, input));
