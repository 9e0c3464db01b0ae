import type { Tx } from '../../../db/transaction.ts';
import { notify } from '../../notifications/notify.ts';
import { createPaidOrder } from '../../orders/create-paid-order.ts';
import type { LockedOffer } from './locked-offer.ts';
import type { LockedRequest } from '../status.ts';
import { DomainError } from '../../domain-error.ts';
import { isBanned } from '../../accounts/active-bans.ts';

/**
 * An accepted offer becomes a paid order at the agreed price (ADR 0013): the requester is the
 * buyer, the offer's seller the seller, one unit, titled and pictured like the request. Runs in
 * the accept's transaction, so a requester whose balance is short makes the whole accept fail.
 */
export async function createOfferOrder(
  trx: Tx,
  input: { offer: LockedOffer; request: LockedRequest; acceptedBy: string; now: Date },
): Promise<{ orderId: string; affectedUserIds: string[] }> {
  const { offer, request } = input;
  const otherParty = input.acceptedBy === request.user_id ? offer.seller_id : request.user_id;
  const details = await trx.selectFrom('buying_requests').select(['title', 'images']).where('id', '=', request.id).executeTakeFirstOrThrow();
  const created = await createPaidOrder(trx, {
    buyerId: request.user_id,
    sellerId: offer.seller_id,
    listingId: null,
    buyingRequestId: request.id,
    offerId: offer.id,
    title: details.title,
    imageKey: details.images[0] ?? null,
    unit: null,
    unitPriceCents: offer.current_price_cents,
    quantity: 1,
    now: input.now,
  });
  // the one accepting is signed in, so not banned; the other party must not be either (ADR 0042).
  // Checked after the order's insert: its foreign keys have waited for a ban being made (which
  // locks the member's users row), so this read sees it; throwing rolls the accept back whole
  if (await isBanned(trx, otherParty)) throw new DomainError('MEMBER_SUSPENDED');
  await notify(trx, {
    userId: otherParty,
    type: 'offer_accepted',
    params: { title: details.title },
    link: `/orders/${created.orderId}`,
  });
  return created;
}
