import { ZReportListingInput } from '@curio/shared';
import { z } from 'zod';
import { limitedPerMember, memberProcedure } from '../../../trpc/init.ts';
import { DomainError } from '../../../domain/domain-error.ts';

/**
 * The report dialog: stored as a complaint with no order for admins to handle (spec 2
 * complaints: order_id null for reports on listings). Sellers cannot report their own listing.
 */
export const report = memberProcedure
  .use(limitedPerMember('reportsPerMember'))
  .input(ZReportListingInput)
  .output(z.object({ id: z.uuid() }))
  .mutation(async ({ ctx, input }) => {
    const { db } = ctx.services;
    const listing = await db.selectFrom('listings').select(['seller_id']).where('id', '=', input.id).executeTakeFirst();
    if (!listing) throw new DomainError('LISTING_NOT_FOUND');
    if (listing.seller_id === ctx.user.id) throw new DomainError('CANNOT_REPORT_OWN');
    return db
      .insertInto('complaints')
      .values({
        reporter_id: ctx.user.id,
        order_id: null,
        listing_id: input.id,
        target_user_id: listing.seller_id,
        type: input.reason,
        reason: input.detail,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  });
