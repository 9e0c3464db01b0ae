import { sql } from 'kysely';
import type { z } from 'zod';
import { ZAdminListingReviewStatus, ZListingStatus, type ZAdminBulkResult, type ZAdminListingActionResult } from '@curio/shared';
import type { AppServices } from '../../app-services.ts';
import { runInTransaction, type Tx } from '../../db/transaction.ts';
import { DomainError } from '../domain-error.ts';
import { recordAdminAction } from '../admin/audit.ts';
import { notify } from '../notifications/notify.ts';

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

const PENDING_REVIEW: readonly string[] = ['pending', 'reviewing'];

/** What the seller is told when their listing leaves sale; approval needs no message. */
const SELLER_NOTIFICATION = { reject: 'listing_rejected', take_down: 'listing_taken_down' } as const;

/**
 * An admin approves, rejects or takes down a listing. Approve takes an optional note for the
 * log; reject and take down take a required reason (the input schemas say which), which goes
 * into the log and into the seller's notification in the same transaction, so a seller is told
 * exactly when their listing changed, and why.
 */
export async function moderateListing(
  services: AppServices,
  adminId: string,
  action: ModerationAction,
  { listingId, reason }: { listingId: string; reason?: string | null | undefined },
): Promise<z.output<typeof ZAdminListingActionResult>> {
  return runInTransaction(services.db, (trx) => moderateListingIn(trx, services.clock.now(), adminId, action, { listingId, reason }));
}

/** One listing's moderation inside the caller's transaction. */
async function moderateListingIn(
  trx: Tx,
  now: Date,
  adminId: string,
  action: ModerationAction,
  { listingId, reason, pendingOnly = false }: { listingId: string; reason?: string | null | undefined; pendingOnly?: boolean },
): Promise<z.output<typeof ZAdminListingActionResult>> {
  const before = await lockListing(trx, listingId);
  // bulk review acts on the review queue only: a listing someone decided meanwhile is left alone
  if (pendingOnly && !PENDING_REVIEW.includes(before.review_status)) throw new DomainError('REQUEST_ALREADY_PROCESSED');
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
    reason,
  });
  if (action !== 'approve') {
    await notify(trx, {
      userId: before.seller_id,
      type: SELLER_NOTIFICATION[action],
      params: { title: before.title, reason: reason ?? '' },
      link: `/listing/${listingId}`,
    });
  }
  return {
    listingId: listingId,
    status: ZListingStatus.parse(after.status),
    reviewStatus: ZAdminListingReviewStatus.parse(after.review_status),
  };
}

/**
 * Bulk approve or reject of pending listings. Each listing is its own transaction with its own
 * audit entry and (for a rejection) its own notification, exactly as one click would do: a
 * listing decided meanwhile, deleted or otherwise refused fails alone with its code and the
 * others go through. Listings are taken in id order, so two admins' overlapping bulk actions
 * lock them in the same order.
 */
export async function moderateListingsInBulk(
  services: AppServices,
  adminId: string,
  action: 'approve' | 'reject',
  input: { listingIds: string[]; reason?: string | null | undefined },
): Promise<z.output<typeof ZAdminBulkResult>> {
  const results: z.output<typeof ZAdminBulkResult>['results'] = [];
  for (const listingId of [...input.listingIds].sort()) {
    try {
      await runInTransaction(services.db, (trx) =>
        moderateListingIn(trx, services.clock.now(), adminId, action, { listingId, reason: input.reason, pendingOnly: true }),
      );
      results.push({ listingId, ok: true, code: null });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      results.push({ listingId, ok: false, code: error.code });
    }
  }
  return { results };
}
