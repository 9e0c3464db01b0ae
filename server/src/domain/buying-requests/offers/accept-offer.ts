import { ACTIVE_BUYING_REQUEST_STATUSES, type TOffer } from '@curio/shared';
import type { AppServices } from '../../../app-services.ts';
import { DomainError, isDomainError } from '../../domain-error.ts';
import { runMoneyCommand } from '../../ledger/money-command.ts';
import { lockOfferForMove } from './locked-offer.ts';
import { loadOffers } from './read.ts';
import { createOfferOrder } from './offer-order.ts';

/**
 * Accept the price on the table. The requester accepts a seller's price; after the requester has
 * countered, it is the seller's turn and the seller accepts the requester's price (ADR 0009):
 * nobody accepts their own proposal. The request becomes deal_made with this offer selected,
 * every other active offer is rejected, and in the same transaction the requester is charged
 * the agreed price into escrow and a paid order is created (ADR 0013). A requester who cannot
 * pay makes the accept fail as a whole: nothing changes, the negotiation stays where it was.
 */
export async function acceptOffer(services: AppServices, input: { memberId: string; offerId: string }): Promise<TOffer> {
  const now = services.clock.now();
  await runMoneyCommand(services, null, async (trx) => {
    const { offer, request } = await lockOfferForMove(trx, { offerId: input.offerId, userId: input.memberId, now });

    const settled = await trx
      .updateTable('buying_requests')
      .set({ status: 'deal_made', selected_offer_id: offer.id, active_offers_count: 0 })
      .where('id', '=', request.id)
      .where('status', 'in', ACTIVE_BUYING_REQUEST_STATUSES)
      .executeTakeFirst();
    if (settled.numUpdatedRows === 0n) throw new DomainError('REQUEST_NOT_OPEN');
    await trx
      .updateTable('buying_offers')
      .set((eb) => ({ status: 'accepted', price_cents: eb.ref('current_price_cents'), accepted_at: now, responded_at: now, updated_at: now }))
      .where('id', '=', offer.id)
      .execute();
    await trx
      .updateTable('buying_offers')
      .set({ status: 'rejected', responded_at: now, updated_at: now })
      .where('request_id', '=', request.id)
      .where('id', '<>', offer.id)
      .where('status', 'in', ['pending', 'negotiating'])
      .execute();

    try {
      return await createOfferOrder(trx, { offer, request, acceptedBy: input.memberId, now });
    } catch (error) {
      // the seller cannot top up the requester's balance: tell them whose balance is short
      if (isDomainError(error, 'INSUFFICIENT_BALANCE') && input.memberId === offer.seller_id) throw new DomainError('BUYER_BALANCE_INSUFFICIENT');
      throw error;
    }
  });
  const [accepted] = await loadOffers(services.db, { offerIds: [input.offerId] });
  if (!accepted) throw new DomainError('OFFER_NOT_FOUND');
  return accepted;
}
