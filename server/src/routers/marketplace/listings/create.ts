import { randomUUID } from 'node:crypto';
import { LIMITS, ZCreateListingInput, ZListingCreated, uploadUrl } from '@curio/shared';
import { limitedPerMember, memberProcedure } from '../../../trpc/init.ts';
import { DomainError, isDomainError } from '../../../domain/domain-error.ts';
import { runInTransaction, type Tx } from '../../../db/transaction.ts';
import { transfer, publishBalanceChangesInTransaction } from '../../../domain/ledger/index.ts';
import { withIdempotency } from '../../../domain/ledger/with-idempotency.ts';
import { assertNoContactDetails } from '../../../domain/moderation/contact-check.ts';
import { recordActivity } from '../../../domain/activities/record-activity.ts';
import { assertOwnUploads } from '../../../domain/uploads/own-uploads.ts';
import { listingColumns } from '../../../domain/listings/listing-columns.ts';
import { storageFor } from '../../../storage/storage-for.ts';

function isInsufficientPoints(error: unknown): boolean {
  return isDomainError(error, 'INSUFFICIENT_POINTS');
}

/**
 * Publish supply (spec 1 §5). The listing and its 1-point fee commit together or not at all;
 * it starts pending review and is visible meanwhile (ADR 0008). With an idempotency key a
 * double submit publishes once and charges once.
 */
export const create = memberProcedure
  .use(limitedPerMember('listingsPerMember'))
  .input(ZCreateListingInput)
  .output(ZListingCreated)
  .mutation(async ({ ctx, input }) => {
    const { idempotencyKey, ...fields } = input;
    const userId = ctx.user.id;
    assertNoContactDetails({ title: fields.title, description: fields.description });
    await assertOwnUploads(ctx.services.db, storageFor(ctx.services), { userId, keys: fields.images, error: 'LISTING_IMAGE_MISSING' });

    const publish = async (trx: Tx) => {
      const id = randomUUID();
      await trx
        .insertInto('listings')
        .values({
          id,
          seller_id: userId,
          ...listingColumns(fields),
          review_status: 'pending',
          status: 'available',
        })
        .execute();
      try {
        await transfer(trx, {
          currency: 'points',
          from: { user: userId },
          // spent points go to the fees account (ADR 0003), not back into the rewards pool
          to: { system: 'fees' },
          amount: LIMITS.publishListingPointsCost,
          kind: 'publish_fee',
          referenceType: 'listing',
          referenceId: id,
          createdBy: userId,
        });
      } catch (error) {
        if (isInsufficientPoints(error)) throw new DomainError('PUBLISH_POINTS_REQUIRED', { needed: LIMITS.publishListingPointsCost });
        throw error;
      }
      // an anonymous listing on the seller's activity feed would name its seller
      if (!fields.isAnonymous) {
        const cover = fields.images[0];
        await recordActivity(trx, {
          userId,
          type: 'publish_listing',
          relatedId: id,
          data: {
            title: fields.title,
            image: cover ? uploadUrl(cover) : null,
            price: fields.priceCents,
            category: fields.category,
          },
        });
      }
      await publishBalanceChangesInTransaction(trx, ctx.services.events, [userId]);
      return { id };
    };

    return runInTransaction(ctx.services.db, (trx) =>
      idempotencyKey
        ? withIdempotency(trx, { userId, key: idempotencyKey, operation: 'marketplace.listings.create', params: fields }, () => publish(trx))
        : publish(trx),
    );
  });
