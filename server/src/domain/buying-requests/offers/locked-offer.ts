import type { Tx } from '../../../db/transaction.ts';
import { DomainError } from '../../domain-error.ts';
import { assertRequestTakesOffers, lockRequest, type LockedRequest } from '../status.ts';

export interface LockedOffer {
  id: string;
  request_id: string;
  seller_id: string;
  current_price_cents: number;
  negotiation_round: number;
  status: string;
  counter_offer_by: string | null;
}

/**
 * Locks an offer's request first and then the offer — the same order every offer change takes,
 * so two parties acting on one request wait for each other instead of deadlocking.
 */
export async function lockOfferWithRequest(trx: Tx, offerId: string): Promise<{ offer: LockedOffer; request: LockedRequest }> {
  const found = await trx.selectFrom('buying_offers').select('request_id').where('id', '=', offerId).executeTakeFirst();
  if (!found) throw new DomainError('OFFER_NOT_FOUND');
  const request = await lockRequest(trx, found.request_id);
  const offer = await trx
    .selectFrom('buying_offers')
    .select(['id', 'request_id', 'seller_id', 'current_price_cents', 'negotiation_round', 'status', 'counter_offer_by'])
    .where('id', '=', offerId)
    .forUpdate()
    .executeTakeFirst();
  if (!offer) throw new DomainError('OFFER_NOT_FOUND');
  return { offer, request };
}

export function isActiveOffer(offer: LockedOffer): boolean {
  return offer.status === 'pending' || offer.status === 'negotiating';
}

/** Who proposed the price on the table: the seller, until the requester counters. */
export function lastProposer(offer: LockedOffer): string {
  return offer.counter_offer_by ?? offer.seller_id;
}

/**
 * Locks an offer for a move in the negotiation (accept or counter) and checks the turn rules
 * both moves share: the caller is the requester or the offer's seller (anyone else sees
 * OFFER_NOT_FOUND), the offer is still active, the request still takes offers, and the caller
 * did not propose the price on the table (ADR 0009).
 */
export async function lockOfferForMove(
  trx: Tx,
  input: { offerId: string; userId: string; now: Date },
): Promise<{ offer: LockedOffer; request: LockedRequest }> {
  const locked = await lockOfferWithRequest(trx, input.offerId);
  const { offer, request } = locked;
  if (request.user_id !== input.userId && offer.seller_id !== input.userId) {
    throw new DomainError('OFFER_NOT_FOUND');
  }
  if (!isActiveOffer(offer)) throw new DomainError('OFFER_NOT_ACTIVE');
  assertRequestTakesOffers(request, input.now);
  if (lastProposer(offer) === input.userId) throw new DomainError('NOT_YOUR_TURN');
  return locked;
}
