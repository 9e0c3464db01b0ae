import type { z } from 'zod';
import type { ZOffer, ZOffersForRequestInput } from '@curio/shared';
import { DomainError } from '../../domain-error.ts';
import { loadOffers } from './read.ts';
import type { AppServices } from '../../../app-services.ts';

/** The requester sees every offer on the request with its history; a seller sees only their own. */
export async function offersForRequest(
  services: AppServices,
  memberId: string,
  input: z.output<typeof ZOffersForRequestInput>,
): Promise<z.output<typeof ZOffer>[]> {
  const request = await services.db.selectFrom('buying_requests').select('user_id').where('id', '=', input.requestId).executeTakeFirst();
  if (!request) throw new DomainError('BUYING_REQUEST_NOT_FOUND');
  return request.user_id === memberId
    ? loadOffers(services.db, { requestId: input.requestId })
    : loadOffers(services.db, { requestId: input.requestId, sellerId: memberId });
}
