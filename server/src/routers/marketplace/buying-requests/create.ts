import { randomUUID } from 'node:crypto';
import { ZBuyingRequestCreated, ZCreateBuyingRequestInput, uploadUrl } from '@curio/shared';
import { limitedPerMember, memberProcedure } from '../../../trpc/init.ts';
import { runInTransaction } from '../../../db/transaction.ts';
import { assertNoContactDetails } from '../../../domain/moderation/contact-check.ts';
import { recordActivity } from '../../../domain/activities/record-activity.ts';
import { assertOwnUploads } from '../../../domain/uploads/own-uploads.ts';
import { storageFor } from '../../../storage/storage-for.ts';
import { requestColumns } from '../../../domain/buying-requests/request-columns.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Publish a buying request (spec 1 §5): free, opens at once, expires after expiresInDays. */
export const create = memberProcedure
  .use(limitedPerMember('buyingRequestsPerMember'))
  .input(ZCreateBuyingRequestInput)
  .output(ZBuyingRequestCreated)
  .mutation(async ({ ctx, input }) => {
    assertNoContactDetails({ title: input.title, description: input.description });
    await assertOwnUploads(ctx.services.db, storageFor(ctx.services), {
      userId: ctx.user.id,
      keys: input.images,
      error: 'VALIDATION_FAILED',
      params: { field: 'images' },
    });
    const now = ctx.services.clock.now();
    const id = randomUUID();
    await runInTransaction(ctx.services.db, async (trx) => {
      await trx
        .insertInto('buying_requests')
        .values({
          id,
          user_id: ctx.user.id,
          ...requestColumns(input),
          max_offers_allowed: input.maxOffersAllowed,
          status: 'open',
          created_at: now,
          expires_at: new Date(now.getTime() + input.expiresInDays * DAY_MS),
        })
        .execute();
      const cover = input.images[0];
      await recordActivity(trx, {
        userId: ctx.user.id,
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
  });
