import { sql } from 'kysely';
import type { TRecordViewResult } from '@curio/shared';
import type { AppServices } from '../../app-services.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { DomainError } from '../domain-error.ts';

/**
 * One view per viewer: a member counts once by id, a visitor once per browser-session key.
 * Visitor keys are prefixed so no visitor key can collide with (or pre-empt) a member's id.
 * A visitor without a key is not counted (there is nothing to de-duplicate on).
 */
export function recordBuyingRequestView(
  services: AppServices,
  viewer: { id: string | null; userAgent: string },
  requestId: string,
  visitorKey: string | undefined,
): Promise<TRecordViewResult> {
  const viewerKey = viewer.id ?? (visitorKey ? `visitor:${visitorKey}` : null);
  return runInTransaction(services.db, async (trx) => {
    const request = await trx.selectFrom('buying_requests').select('view_count').where('id', '=', requestId).executeTakeFirst();
    if (!request) throw new DomainError('BUYING_REQUEST_NOT_FOUND');
    if (!viewerKey) return { counted: false, viewCount: request.view_count };
    const inserted = await trx
      .insertInto('buying_request_views')
      .values({
        request_id: requestId,
        viewer_key: viewerKey,
        viewer_id: viewer.id,
        user_agent: viewer.userAgent ? viewer.userAgent.slice(0, 500) : null,
      })
      .onConflict((oc) => oc.columns(['request_id', 'viewer_key']).doNothing())
      .returning('request_id')
      .executeTakeFirst();
    if (!inserted) return { counted: false, viewCount: request.view_count };
    const updated = await trx
      .updateTable('buying_requests')
      .set({ view_count: sql<number>`view_count + 1` })
      .where('id', '=', requestId)
      .returning('view_count')
      .executeTakeFirstOrThrow();
    return { counted: true, viewCount: updated.view_count };
  });
}
