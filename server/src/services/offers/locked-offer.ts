import type { Tx } from '../../db/transaction.ts';
import { appError } from '../../trpc/app-error.ts';
import { lockRequest, type LockedRequest } from '../buying-requests/status.ts';

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
  if (!found) throw appError('OFFER_NOT_FOUND', undefined, 'NOT_FOUND');
  const request = await lockRequest(trx, found.request_id);
  const offer = await trx
    .selectFrom('buying_offers')
    .select(['id', 'request_id', 'seller_id', 'current_price_cents', 'negotiation_round', 'status', 'counter_offer_by'])
    .where('id', '=', offerId)
    .forUpdate()
    .executeTakeFirst();
  if (!offer) throw appError('OFFER_NOT_FOUND', undefined, 'NOT_FOUND');
  return { offer, request };
}

export function isActiveOffer(offer: LockedOffer): boolean {
  return offer.status === 'pending' || offer.status === 'negotiating';
}

/** Who proposed the price on the table: the seller, until the requester counters. */
export function lastProposer(offer: LockedOffer): string {
  return offer.counter_offer_by ?? offer.seller_id;
}
