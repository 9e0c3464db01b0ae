import type { z } from 'zod';
import type { ZBuyingRequestDetail, ZBuyingRequestIdInput } from '@curio/shared';
import { ACTIVE_BUYING_REQUEST_STATUSES } from '@curio/shared';
import { DomainError } from '../domain-error.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { lockOwnedRequest } from './owned-request.ts';
import { assertRequestTakesOffers } from './status.ts';
import { loadBuyingRequestDetail } from './read.ts';
import type { AppServices } from '../../app-services.ts';

/** The owner closes an active request; offers still pending or negotiating are rejected with it (ADR 0009). */
export async function closeBuyingRequest(
  services: AppServices,
  memberId: string,
  input: z.output<typeof ZBuyingRequestIdInput>,
): Promise<z.output<typeof ZBuyingRequestDetail>> {
  const now = services.clock.now();
  await runInTransaction(services.db, async (trx) => {
    const request = await lockOwnedRequest(trx, input.id, memberId);
    assertRequestTakesOffers(request, now);
    const closed = await trx
      .updateTable('buying_requests')
      .set({ status: 'closed', active_offers_count: 0 })
      .where('id', '=', input.id)
      .where('status', 'in', ACTIVE_BUYING_REQUEST_STATUSES)
      .executeTakeFirst();
    if (closed.numUpdatedRows === 0n) throw new DomainError('REQUEST_NOT_OPEN');
    await trx
      .updateTable('buying_offers')
      .set({ status: 'rejected', responded_at: now, updated_at: now })
      .where('request_id', '=', input.id)
      .where('status', 'in', ['pending', 'negotiating'])
      .execute();
  });
  return loadBuyingRequestDetail(services.db, input.id, memberId, now);
}
