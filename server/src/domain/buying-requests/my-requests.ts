import type { z } from 'zod';
import type { ZMyBuyingRequest } from '@curio/shared';
import { type TOffer } from '@curio/shared';
import { toBuyingRequestSummary } from './read.ts';
import { loadOffers } from './offers/read.ts';
import type { AppServices } from '../../app-services.ts';

/** /buying-requests/my: the caller's requests, newest first, each with all its offers and their history. */
export async function myBuyingRequests(services: AppServices, memberId: string): Promise<z.output<typeof ZMyBuyingRequest>[]> {
  const now = services.clock.now();
  const rows = await services.db
    .selectFrom('buying_requests')
    .selectAll()
    .where('user_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  const offers = await Promise.all(rows.map((row) => loadOffers(services.db, { requestId: row.id })));
  return rows.map((row, index) => ({ ...toBuyingRequestSummary(row, now), offers: offers[index] ?? ([] as TOffer[]) }));
}
