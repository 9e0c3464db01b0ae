import { formatCents } from '@curio/shared';
import type { Tx } from '../../../db/transaction.ts';
import { notify } from '../../notifications/notify.ts';

/**
 * Tells the other side of a negotiation that it is their move (rule N-1: new offer and
 * counter-offer notifications). The requester is sent to the request, where offers are
 * answered; a seller to their offers page, where they negotiate.
 */
export async function notifyOfferMove(
  trx: Tx,
  input: { type: 'offer_received' | 'offer_countered'; requestId: string; recipientId: string; recipientIsRequester: boolean; priceCents: number },
): Promise<void> {
  const request = await trx.selectFrom('buying_requests').select('title').where('id', '=', input.requestId).executeTakeFirstOrThrow();
  await notify(trx, {
    userId: input.recipientId,
    type: input.type,
    params: { title: request.title, amount: formatCents(input.priceCents) },
    link: input.recipientIsRequester ? `/buying-requests/${input.requestId}` : '/buying-requests/offers',
  });
}
