import { sql } from 'kysely';
import { ZRecordBuyingRequestViewInput, ZRecordViewResult } from '@curio/shared';
import { publicProcedure } from '../../../trpc/init.ts';
import { DomainError } from '../../../domain/domain-error.ts';
import { runInTransaction } from '../../../db/transaction.ts';

/**
 * One view per viewer: a member counts once by id, a visitor once per browser-session key.
 * Visitor keys are prefixed so no visitor key can collide with (or pre-empt) a member's id.
 * A visitor without a key is not counted (there is nothing to de-duplicate on).
 */
export const recordView = publicProcedure
  .input(ZRecordBuyingRequestViewInput)
  .output(ZRecordViewResult)
  .mutation(async ({ ctx, input }) => {
    const viewerId = ctx.auth?.user.id ?? null;
    const viewerKey = viewerId ?? (input.visitorKey ? `visitor:${input.visitorKey}` : null);
    return runInTransaction(ctx.services.db, async (trx) => {
      const request = await trx.selectFrom('buying_requests').select('view_count').where('id', '=', input.id).executeTakeFirst();
      if (!request) throw new DomainError('BUYING_REQUEST_NOT_FOUND');
      if (!viewerKey) return { counted: false, viewCount: request.view_count };
      const inserted = await trx
        .insertInto('buying_request_views')
        .values({
          request_id: input.id,
          viewer_key: viewerKey,
          viewer_id: viewerId,
          user_agent: ctx.userAgent ? ctx.userAgent.slice(0, 500) : null,
        })
        .onConflict((oc) => oc.columns(['request_id', 'viewer_key']).doNothing())
        .returning('request_id')
        .executeTakeFirst();
      if (!inserted) return { counted: false, viewCount: request.view_count };
      const updated = await trx
        .updateTable('buying_requests')
        .set({ view_count: sql<number>`view_count + 1` })
        .where('id', '=', input.id)
        .returning('view_count')
        .executeTakeFirstOrThrow();
      return { counted: true, viewCount: updated.view_count };
    });
  });
