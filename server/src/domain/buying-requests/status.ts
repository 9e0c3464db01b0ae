import { sql } from 'kysely';
import { ACTIVE_BUYING_REQUEST_STATUSES, ACTIVE_OFFER_STATUSES, type TBuyingRequestStatus } from '@curio/shared';
import type { Tx } from '../../db/transaction.ts';
import { DomainError } from '../domain-error.ts';

/** ADR 0009: the statuses in which offers may be made, countered and accepted. */
export function isActiveRequestStatus(status: string): boolean {
  return (ACTIVE_BUYING_REQUEST_STATUSES as readonly string[]).includes(status);
}

/**
 * The status a reader sees. Expiry is not written the moment it happens (the sweeper of the jobs
 * issue persists it), so an active request past its expires_at reads — and behaves — as expired.
 */
export function effectiveRequestStatus(row: { status: string; expires_at: Date | null }, now: Date): TBuyingRequestStatus {
  if (isActiveRequestStatus(row.status) && row.expires_at !== null && row.expires_at.getTime() <= now.getTime()) {
    return 'expired';
  }
  return row.status as TBuyingRequestStatus;
}

export interface LockedRequest {
  id: string;
  user_id: string;
  title: string;
  status: string;
  expires_at: Date | null;
  budget_min_cents: number | null;
  budget_max_cents: number | null;
  max_offers_allowed: number;
}

/**
 * Takes the request row lock every offer change goes through, so two sellers (or a seller and
 * the requester) changing offers on one request are serialised and the derived counts stay exact.
 */
export async function lockRequest(trx: Tx, requestId: string): Promise<LockedRequest> {
  const row = await trx
    .selectFrom('buying_requests')
    .select(['id', 'user_id', 'title', 'status', 'expires_at', 'budget_min_cents', 'budget_max_cents', 'max_offers_allowed'])
    .where('id', '=', requestId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new DomainError('BUYING_REQUEST_NOT_FOUND');
  return row;
}

/** Refuses with REQUEST_NOT_OPEN unless the (locked) request still takes offer activity. */
export function assertRequestTakesOffers(request: LockedRequest, now: Date): void {
  if (!isActiveRequestStatus(effectiveRequestStatus(request, now))) throw new DomainError('REQUEST_NOT_OPEN');
}

export async function countActiveOffers(trx: Tx, requestId: string): Promise<{ active: number; negotiating: number }> {
  const row = await trx
    .selectFrom('buying_offers')
    .select([
      sql<number>`count(*) FILTER (WHERE status IN ('pending','negotiating'))::int`.as('active'),
      sql<number>`count(*) FILTER (WHERE status = 'negotiating')::int`.as('negotiating'),
    ])
    .where('request_id', '=', requestId)
    .where('status', 'in', ACTIVE_OFFER_STATUSES)
    .executeTakeFirstOrThrow();
  return { active: Number(row.active), negotiating: Number(row.negotiating) };
}

/**
 * Re-derives active_offers_count from the offer rows and moves an active request between open,
 * offer_limit_reached and in_negotiation (ADR 0009). Called with the request row locked, after
 * any change to its offers; terminal statuses are left alone by the guarded UPDATE.
 */
export async function syncRequestWithOffers(trx: Tx, request: LockedRequest): Promise<{ active: number; status: string }> {
  const { active, negotiating } = await countActiveOffers(trx, request.id);
  const status = negotiating > 0 ? 'in_negotiation' : active >= request.max_offers_allowed ? 'offer_limit_reached' : 'open';
  // terminal statuses keep their value; the count follows the rows whatever the status
  await trx
    .updateTable('buying_requests')
    .set({
      active_offers_count: active,
      status: sql<string>`CASE WHEN status IN ('open','offer_limit_reached','in_negotiation') THEN ${status} ELSE status END`,
    })
    .where('id', '=', request.id)
    .execute();
  return { active, status };
}
