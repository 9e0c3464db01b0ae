import type { z } from 'zod';
import type { ZMyOffer } from '@curio/shared';
import { toBuyingRequestSummary } from '../read.ts';
import { loadOffers } from './read.ts';
import type { AppServices } from '../../../app-services.ts';

/** /buying-requests/offers: the seller's own offers, newest first, with the request each is for. */
export async function myOffers(services: AppServices, memberId: string): Promise<z.output<typeof ZMyOffer>[]> {
  const now = services.clock.now();
  const offers = (await loadOffers(services.db, { sellerId: memberId })).reverse();
  if (offers.length === 0) return [];
  const requests = await services.db
    .selectFrom('buying_requests')
    .selectAll()
    .where('id', 'in', [...new Set(offers.map((o) => o.requestId))])
    .execute();
  const byId = new Map(requests.map((row) => [row.id, toBuyingRequestSummary(row, now)]));
  return offers.flatMap((offer) => {
    const request = byId.get(offer.requestId);
    return request ? [{ ...offer, request }] : [];
  });
}
