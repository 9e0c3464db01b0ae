import type { z } from 'zod';
import type { ZCounterOfferInput, ZOffer } from '@curio/shared';
import { DomainError } from '../../domain-error.ts';
import { runInTransaction } from '../../../db/transaction.ts';
import { syncRequestWithOffers } from '../status.ts';
import { lockOfferForMove } from './locked-offer.ts';
import { loadOffers } from './read.ts';
import { notifyOfferMove } from './notify-offer.ts';
import { getSetting } from '../../settings/settings.ts';
import type { AppServices } from '../../../app-services.ts';
import { assertNoContactDetails } from '../../moderation/contact-check.ts';
import { isBanned } from '../../accounts/active-bans.ts';

/**
 * A counter-offer (rules B-11 and B-12): the requester and the seller take turns, each round
 * must change the price, and there are at most buying_offer_max_negotiation_rounds rounds. The
 * counter proposes a price; the other side accepts it, counters again, or walks away. Its
 * message, like the offer's, must not carry contact details (rule C-4). Nobody counters a banned
 * member (ADR 0042).
 */
export async function counterOffer(services: AppServices, memberId: string, input: z.output<typeof ZCounterOfferInput>): Promise<z.output<typeof ZOffer>> {
  assertNoContactDetails({ message: input.message });
  const now = services.clock.now();
  const maxRounds = await getSetting(services.db, 'buying_offer_max_negotiation_rounds');
  await runInTransaction(services.db, async (trx) => {
    const { offer, request } = await lockOfferForMove(trx, { offerId: input.offerId, userId: memberId, now });
    const isRequester = request.user_id === memberId;
    // a banned other party cannot answer (ADR 0042)
    if (await isBanned(trx, isRequester ? offer.seller_id : request.user_id)) throw new DomainError('MEMBER_SUSPENDED');
    if (offer.negotiation_round >= maxRounds) throw new DomainError('NEGOTIATION_ROUNDS_EXCEEDED', { max: maxRounds });
    if (input.priceCents === offer.current_price_cents) throw new DomainError('COUNTER_PRICE_UNCHANGED', { field: 'priceCents' });

    const round = offer.negotiation_round + 1;
    await trx
      .insertInto('offer_negotiations')
      .values({
        offer_id: offer.id,
        round,
        proposer_id: memberId,
        proposed_price_cents: input.priceCents,
        message: input.message,
        created_at: now,
      })
      .execute();
    await trx
      .updateTable('buying_offers')
      .set({
        status: 'negotiating',
        negotiation_round: round,
        current_price_cents: input.priceCents,
        counter_offer_by: memberId,
        responded_at: isRequester ? now : undefined,
        updated_at: now,
      })
      .where('id', '=', offer.id)
      .execute();
    await syncRequestWithOffers(trx, request);
    await notifyOfferMove(trx, {
      type: 'offer_countered',
      requestId: request.id,
      recipientId: isRequester ? offer.seller_id : request.user_id,
      recipientIsRequester: !isRequester,
      priceCents: input.priceCents,
    });
  });
  const [offer] = await loadOffers(services.db, { offerIds: [input.offerId] });
  if (!offer) throw new DomainError('OFFER_NOT_FOUND');
  return offer;
}
