import { ZReview, ZUpdateReviewInput } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { editReview } from '../../../domain/reviews/edit-review.ts';

/** Edit one's own review (rule S-18); the same rules as writing it, and the reputation follows. */
export const update = memberProcedure
  .input(ZUpdateReviewInput)
  .output(ZReview)
  .mutation(({ ctx, input }) => editReview(ctx.services, ctx.user.id, input));
