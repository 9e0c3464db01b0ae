import { ZReportListingInput } from '@curio/shared';
import { z } from 'zod';
import { limitedPerMember, memberProcedure } from '../../../trpc/init.ts';
import { reportListing } from '../../../domain/listings/report-listing.ts';

/**
 * The report dialog: stored as a complaint with no order for admins to handle (rule L-15;
 * order_id null for reports on listings). Sellers cannot report their own listing.
 */
export const report = memberProcedure
  .use(limitedPerMember('reportsPerMember'))
  .input(ZReportListingInput)
  .output(z.object({ id: z.uuid() }))
  .mutation(({ ctx, input }) => reportListing(ctx.services, ctx.user.id, input));
