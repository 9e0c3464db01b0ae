import type { ZReportListingInput } from '@curio/shared';
import type { z } from 'zod';
import { DomainError } from '../domain-error.ts';
import type { AppServices } from '../../app-services.ts';

/**
 * The report dialog: stored as a complaint with no order for admins to handle (rule L-15;
 * order_id null for reports on listings). Sellers cannot report their own listing.
 */
export async function reportListing(services: AppServices, memberId: string, input: z.output<typeof ZReportListingInput>) {
  const { db } = services;
  const listing = await db.selectFrom('listings').select(['seller_id']).where('id', '=', input.id).executeTakeFirst();
  if (!listing) throw new DomainError('LISTING_NOT_FOUND');
  if (listing.seller_id === memberId) throw new DomainError('CANNOT_REPORT_OWN');
  return db
    .insertInto('complaints')
    .values({
      reporter_id: memberId,
      order_id: null,
      listing_id: input.id,
      target_user_id: listing.seller_id,
      type: input.reason,
      reason: input.detail,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}
