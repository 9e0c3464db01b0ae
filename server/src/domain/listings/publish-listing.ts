import { randomUUID } from 'node:crypto';
import { LIMITS, uploadUrl, type ZCreateListingInput } from '@curio/shared';
import type { z } from 'zod';
import type { AppServices } from '../../app-services.ts';
import { DomainError, isDomainError } from '../domain-error.ts';
import { transfer } from '../ledger/index.ts';
import { runMoneyCommand } from '../ledger/money-command.ts';
import { assertNoContactDetails } from '../moderation/contact-check.ts';
import { recordActivity } from '../activities/record-activity.ts';
import { assertOwnUploads } from '../uploads/own-uploads.ts';
import { storageFor } from '../../storage/storage-for.ts';
import { listingColumns } from './listing-columns.ts';

/**
 * A member publishes a listing. The listing and its publishing fee in points commit together or
 * not at all; it starts pending review and is visible meanwhile (ADR 0008). With an idempotency
 * key a double submit publishes once and charges once.
 */
export async function publishListing(services: AppServices, input: z.output<typeof ZCreateListingInput> & { sellerId: string }): Promise<{ id: string }> {
  const { idempotencyKey, sellerId, ...fields } = input;
  assertNoContactDetails({ title: fields.title, description: fields.description });
  await assertOwnUploads(services.db, storageFor(services), { userId: sellerId, keys: fields.images, error: 'LISTING_IMAGE_MISSING' });

  const idempotency = idempotencyKey ? { userId: sellerId, key: idempotencyKey, operation: 'marketplace.listings.create', params: fields } : null;
  const { id } = await runMoneyCommand(services, idempotency, async (trx) => {
    const id = randomUUID();
    await trx
      .insertInto('listings')
      .values({ id, seller_id: sellerId, ...listingColumns(fields), review_status: 'pending', status: 'available' })
      .execute();
    try {
      await transfer(trx, {
        currency: 'points',
        from: { user: sellerId },
        // spent points go to the fees account (ADR 0003), not back into the rewards pool
        to: { system: 'fees' },
        amount: LIMITS.publishListingPointsCost,
        kind: 'publish_fee',
        referenceType: 'listing',
        referenceId: id,
        createdBy: sellerId,
      });
    } catch (error) {
      if (isDomainError(error, 'INSUFFICIENT_POINTS')) throw new DomainError('PUBLISH_POINTS_REQUIRED', { needed: LIMITS.publishListingPointsCost });
      throw error;
    }
    // an anonymous listing on the seller's activity feed would name its seller
    if (!fields.isAnonymous) {
      const cover = fields.images[0];
      await recordActivity(trx, {
        userId: sellerId,
        type: 'publish_listing',
        relatedId: id,
        data: { title: fields.title, image: cover ? uploadUrl(cover) : null, price: fields.priceCents, category: fields.category },
      });
    }
    return { id, affectedUserIds: [sellerId] };
  });
  return { id };
}
