import type { AppServices } from '../../../app-services.ts';
import { DomainError } from '../../domain-error.ts';
import { runInTransaction } from '../../../db/transaction.ts';
import { syncRequestWithOffers } from '../status.ts';
import { isActiveOffer, lockOfferWithRequest } from './locked-offer.ts';

/**
 * Ends an active offer on behalf of one side: the requester rejects it, the seller withdraws
 * it. Either way its place on the request frees up and the request's status follows (ADR 0009).
 * Someone who is not that side sees OFFER_NOT_FOUND, so offers of others stay invisible.
 */
export async function endActiveOffer(services: AppServices, input: { offerId: string; actorId: string; as: 'requester' | 'seller' }): Promise<void> {
  const now = services.clock.now();
  await runInTransaction(services.db, async (trx) => {
    const { offer, request } = await lockOfferWithRequest(trx, input.offerId);
    const sideId = input.as === 'requester' ? request.user_id : offer.seller_id;
    if (sideId !== input.actorId) throw new DomainError('OFFER_NOT_FOUND');
    if (!isActiveOffer(offer)) throw new DomainError('OFFER_NOT_ACTIVE');
    await trx
      .updateTable('buying_offers')
      .set(input.as === 'requester' ? { status: 'rejected', responded_at: now, updated_at: now } : { status: 'withdrawn', updated_at: now })
      .where('id', '=', offer.id)
      .where('status', 'in', ['pending', 'negotiating'])
      .execute();
    await syncRequestWithOffers(trx, request);
  });
}
