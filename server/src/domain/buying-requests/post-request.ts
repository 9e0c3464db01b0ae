import type { z } from 'zod';
import { randomUUID } from 'node:crypto';
import type { ZBuyingRequestCreated, ZCreateBuyingRequestInput } from '@curio/shared';
import { uploadUrl } from '@curio/shared';
import { runInTransaction } from '../../db/transaction.ts';
import { assertNoContactDetails } from '../moderation/contact-check.ts';
import { recordActivity } from '../activities/record-activity.ts';
import { assertOwnUploads } from '../uploads/own-uploads.ts';
import { storageFor } from '../../storage/storage-for.ts';
import { requestColumns } from './request-columns.ts';
import type { AppServices } from '../../app-services.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Publish a buying request (rule B-1): free, opens at once, expires after expiresInDays. */
export async function postBuyingRequest(
  services: AppServices,
  memberId: string,
  input: z.output<typeof ZCreateBuyingRequestInput>,
): Promise<z.output<typeof ZBuyingRequestCreated>> {
  assertNoContactDetails({ title: input.title, description: input.description });
  await assertOwnUploads(services.db, storageFor(services), {
    userId: memberId,
    keys: input.images,
    error: 'VALIDATION_FAILED',
    params: { field: 'images' },
  });
  const now = services.clock.now();
  const id = randomUUID();
  await runInTransaction(services.db, async (trx) => {
    await trx
      .insertInto('buying_requests')
      .values({
        id,
        user_id: memberId,
        ...requestColumns(input),
        max_offers_allowed: input.maxOffersAllowed,
        status: 'open',
        created_at: now,
        expires_at: new Date(now.getTime() + input.expiresInDays * DAY_MS),
      })
      .execute();
    const cover = input.images[0];
    await recordActivity(trx, {
      userId: memberId,
      type: 'publish_buying_request',
      relatedId: id,
      data: {
        title: input.title,
        image: cover ? uploadUrl(cover) : null,
        budget_min: input.budgetMinCents,
        budget_max: input.budgetMaxCents,
        category: input.category,
      },
    });
  });
  return { id };
}
