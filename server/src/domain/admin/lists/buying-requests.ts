import type { z } from 'zod';
import { type ExpressionBuilder } from 'kysely';
import type { ZAdminBuyingInput, ZAdminBuyingPage } from '@curio/shared';
import { ACTIVE_BUYING_REQUEST_STATUSES, type TBuyingRequestStatus } from '@curio/shared';
import type { Database } from '../../../db/schema.ts';
import { effectiveRequestStatus, isActiveRequestStatus } from '../../buying-requests/status.ts';
import { adminPage, containsPattern } from '../paged-list.ts';
import type { Kysely } from 'kysely';

type Row = ExpressionBuilder<Database & { r: Database['buying_requests'] }, 'r'>;

/**
 * The filter matches what the rows show: expiry is persisted by the sweeper only periodically,
 * so an active request past its expires_at reads as (and is filtered as) expired.
 */
function statusMatches(status: TBuyingRequestStatus, now: Date) {
  return (eb: Row) => {
    const lapsed = eb.and([eb('r.expires_at', 'is not', null), eb('r.expires_at', '<=', now)]);
    if (status === 'expired') {
      return eb.or([eb('r.status', '=', 'expired'), eb.and([eb('r.status', 'in', ACTIVE_BUYING_REQUEST_STATUSES), lapsed])]);
    }
    if (isActiveRequestStatus(status)) return eb.and([eb('r.status', '=', status), eb.not(lapsed)]);
    return eb('r.status', '=', status);
  };
}

/** Buying requests with their poster, newest first; status filter, title search (rule AD-14). */
export async function listBuyingRequests(
  db: Kysely<Database>,
  input: z.output<typeof ZAdminBuyingInput>,
  now: Date,
): Promise<z.output<typeof ZAdminBuyingPage>> {
  let filtered = db.selectFrom('buying_requests as r').innerJoin('profiles as p', 'p.user_id', 'r.user_id');
  if (input.status) filtered = filtered.where(statusMatches(input.status, now));
  if (input.search) filtered = filtered.where('r.title', 'ilike', containsPattern(input.search));

  return adminPage(
    input,
    filtered,
    (requests) =>
      requests
        .select([
          'r.id',
          'r.title',
          'r.description',
          'r.category',
          'r.budget_min_cents',
          'r.budget_max_cents',
          'r.status',
          'r.offer_count',
          'r.active_offers_count',
          'r.created_at',
          'r.expires_at',
          'r.user_id',
          'p.nickname',
        ])
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc'),
    (row) => {
      const status = effectiveRequestStatus(row, now);
      return {
        id: row.id,
        title: row.title,
        description: row.description,
        category: row.category,
        budgetMinCents: row.budget_min_cents,
        budgetMaxCents: row.budget_max_cents,
        status,
        offerCount: row.offer_count,
        activeOffersCount: row.active_offers_count,
        poster: { id: row.user_id, nickname: row.nickname },
        createdAt: row.created_at,
        expiresAt: row.expires_at,
        canClose: isActiveRequestStatus(status),
      };
    },
  );
}
