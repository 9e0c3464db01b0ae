import type { Kysely } from 'kysely';
import { HIDDEN_CONTACT_MARKER, maskContactDetails, uploadUrl, type TNegotiationRound, type TOffer, type TOfferStatus } from '@curio/shared';
import type { Database } from '../../../db/schema.ts';
import { getSetting } from '../../settings/settings.ts';

export type OfferFilter = { requestId: string } | { requestId: string; sellerId: string } | { sellerId: string } | { offerIds: string[] };

/**
 * A message as the other side reads it. New messages are refused when they carry contact details
 * (rule C-4), but older rows, and rows written before the filter learnt a new disguise, are shown
 * with each detected item replaced by the marker chat uses (rule C-5).
 */
function shownMessage(message: string | null): string | null {
  return message === null ? null : maskContactDetails(message, HIDDEN_CONTACT_MARKER);
}

/** Offers with their seller and negotiation history, oldest first (the order they were made). */
export async function loadOffers(db: Kysely<Database>, filter: OfferFilter): Promise<TOffer[]> {
  let query = db
    .selectFrom('buying_offers as o')
    .innerJoin('buying_requests as r', 'r.id', 'o.request_id')
    .innerJoin('profiles as p', 'p.user_id', 'o.seller_id')
    // at most one order per offer (orders_offer_key)
    .leftJoin('orders as ord', 'ord.offer_id', 'o.id')
    .selectAll('o')
    .select(['ord.id as order_id', 'r.user_id as requester_id', 'p.nickname', 'p.avatar_key']);
  if ('offerIds' in filter) {
    if (filter.offerIds.length === 0) return [];
    query = query.where('o.id', 'in', filter.offerIds);
  } else {
    if ('requestId' in filter) query = query.where('o.request_id', '=', filter.requestId);
    if ('sellerId' in filter) query = query.where('o.seller_id', '=', filter.sellerId);
  }
  const rows = await query.orderBy('o.created_at', 'asc').orderBy('o.id', 'asc').execute();
  if (rows.length === 0) return [];

  const [rounds, maxRounds] = await Promise.all([
    db
      .selectFrom('offer_negotiations as n')
      .innerJoin('profiles as p', 'p.user_id', 'n.proposer_id')
      .select(['n.offer_id', 'n.round', 'n.proposer_id', 'n.proposed_price_cents', 'n.message', 'n.created_at', 'p.nickname'])
      .where(
        'n.offer_id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('n.round', 'asc')
      .execute(),
    getSetting(db, 'buying_offer_max_negotiation_rounds'),
  ]);
  const historyByOffer = new Map<string, TNegotiationRound[]>();
  for (const round of rounds) {
    const list = historyByOffer.get(round.offer_id) ?? [];
    list.push({
      round: round.round,
      proposerId: round.proposer_id,
      proposerNickname: round.nickname,
      proposedPriceCents: round.proposed_price_cents,
      message: shownMessage(round.message),
      createdAt: round.created_at,
    });
    historyByOffer.set(round.offer_id, list);
  }

  return rows.map((row) => ({
    id: row.id,
    requestId: row.request_id,
    requesterId: row.requester_id,
    seller: { id: row.seller_id, nickname: row.nickname, avatarUrl: row.avatar_key ? uploadUrl(row.avatar_key) : null },
    priceCents: row.original_price_cents,
    currentPriceCents: row.current_price_cents,
    message: shownMessage(row.message),
    negotiationRound: row.negotiation_round,
    maxNegotiationRounds: maxRounds,
    status: row.status as TOfferStatus,
    lastProposerId: row.counter_offer_by ?? row.seller_id,
    acceptedAt: row.accepted_at,
    respondedAt: row.responded_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    history: historyByOffer.get(row.id) ?? [],
    orderId: row.order_id,
  }));
}
