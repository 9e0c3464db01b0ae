import { ZRecordListingViewInput, ZRecordListingViewResult } from '@curio/shared';
import { publicProcedure } from '../../../trpc/init.ts';
import { recordListingView } from '../../../domain/listings/record-view.ts';

/**
 * One view per viewer: a member counts once ever, a visitor once per browser session (the
 * client keeps a random key in sessionStorage). The count rises only when the view row is new,
 * so reloads and racing tabs never inflate it. Owners looking at their own listing do not count.
 */
export const recordView = publicProcedure
  .input(ZRecordListingViewInput)
  .output(ZRecordListingViewResult)
  .mutation(({ ctx, input }) => recordListingView(ctx.services, ctx.auth?.user.id ?? null, input));
