import { sql } from 'kysely';
import type { z } from 'zod';
import { ZAdminListingReviewStatus, ZListingStatus, type ZAdminListingActionResult } from '@curio/shared';
import type { AppServices } from '../../app-services.ts';
import { runInTransaction, type Tx } from '../../db/transaction.ts';
import { DomainError } from '../domain-error.ts';
import { recordAdminAction } from '../admin/audit.ts';

export type ModerationAction = 'approve' | 'reject' | 'take_down';

/** The listing's state as the audit log keeps it, read under a row lock. */
async function lockListing(trx: Tx, listingId: string) {
  const row = await trx
    .selectFrom('listings')
    .select(['id', 'title', 'seller_id', 'status', 'review_status'])
    .where('id', '=', listingId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new DomainError('LISTING_NOT_FOUND');
  return row;
}

/**
 * The guarded UPDATE of each action: its WHERE names the states it acts on, so a double click or
 * two admins at once change the row once and the loser sees REQUEST_ALREADY_PROCESSED.
 *   approve:   review_status → approved (status untouched: a taken-down listing stays down).
 *   reject:    review_status → rejected and the listing leaves sale; a sold one stays 'sold',
 *              because that records a sale that happened (the public never sees sold listings).
 *   take down: status available → unavailable (sold listings are already off sale).
 */
async function apply(trx: Tx, action: ModerationAction, listingId: string, now: Date) {
  const base = trx.updateTable('listings').where('id', '=', listingId);
  switch (action) {
    case 'approve':
      return base
        .set({ review_status: 'approved', updated_at: now })
        .where('review_status', '<>', 'approved')
        .returning(['status', 'review_status'])
        .executeTakeFirst();
    case 'reject':
      return base
        .set({
          review_status: 'rejected',
          status: sql<string>`CASE WHEN status = 'sold' THEN 'sold' ELSE 'unavailable' END`,
          updated_at: now,
        })
        .where('review_status', '<>', 'rejected')
        .returning(['status', 'review_status'])
        .executeTakeFirst();
    case 'take_down':
      return base.set({ status: 'unavailable', updated_at: now }).where('status', '=', 'available').returning(['status', 'review_status']).executeTakeFirst();
  }
}

/** An admin approves, rejects or takes down a listing, with an optional note for the log. */
export async function moderateListing(
  services: AppServices,
  adminId: string,
  action: ModerationAction,
  { listingId, note }: { listingId: string; note?: string | null | undefined },
): Promise<z.output<typeof ZAdminListingActionResult>> {
  const now = services.clock.now();
  return runInTransaction(services.db, async (trx) => {
    const before = await lockListing(trx, listingId);
    // a sold listing is not on sale: "take down" has nothing to take down
    if (action === 'take_down' && before.status === 'sold') throw new DomainError('LISTING_NOT_AVAILABLE');
    const after = await apply(trx, action, listingId, now);
    if (!after) throw new DomainError('REQUEST_ALREADY_PROCESSED');
    await recordAdminAction(trx, {
      adminId: adminId,
      action: `listing.${action}`,
      targetType: 'listing',
      targetId: listingId,
      before: { title: before.title, seller_id: before.seller_id, status: before.status, review_status: before.review_status },
      after: { status: after.status, review_status: after.review_status },
      reason: note,
    });
    return {
      listingId: listingId,
      status: ZListingStatus.parse(after.status),
      reviewStatus: ZAdminListingReviewStatus.parse(after.review_status),
    };
  });
}
