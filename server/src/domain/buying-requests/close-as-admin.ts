import type { z } from 'zod';
import type { ZAdminBuyingCloseInput, ZAdminBuyingCloseResult } from '@curio/shared';
import { ACTIVE_BUYING_REQUEST_STATUSES } from '@curio/shared';
import { DomainError } from '../domain-error.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { recordAdminAction } from '../admin/audit.ts';
import { notify } from '../notifications/notify.ts';
import { assertRequestTakesOffers, lockRequest } from './status.ts';
import type { AppServices } from '../../app-services.ts';

/**
 * An admin closes a request that is still open (rule AD-14: open, offers full or in
 * negotiation, and not past its expiry); anything else is REQUEST_NOT_OPEN. It does what the
 * owner's own close does (marketplace.buyingRequests.close, ADR 0009): offers still pending
 * or negotiating are rejected with it, so no seller waits on a closed request. The guarded
 * UPDATE makes a double click close once. The poster is told, with the admin's required reason,
 * in the same transaction.
 */
export async function closeBuyingRequestAsAdmin(
  services: AppServices,
  memberId: string,
  input: z.output<typeof ZAdminBuyingCloseInput>,
): Promise<z.output<typeof ZAdminBuyingCloseResult>> {
  const now = services.clock.now();
  return runInTransaction(services.db, async (trx) => {
    const request = await lockRequest(trx, input.requestId);
    assertRequestTakesOffers(request, now);
    const closed = await trx
      .updateTable('buying_requests')
      .set({ status: 'closed', active_offers_count: 0 })
      .where('id', '=', input.requestId)
      .where('status', 'in', ACTIVE_BUYING_REQUEST_STATUSES)
      .executeTakeFirst();
    if (closed.numUpdatedRows === 0n) throw new DomainError('REQUEST_NOT_OPEN');
    const rejected = await trx
      .updateTable('buying_offers')
      .set({ status: 'rejected', responded_at: now, updated_at: now })
      .where('request_id', '=', input.requestId)
      .where('status', 'in', ['pending', 'negotiating'])
      .executeTakeFirst();
    const rejectedOffers = Number(rejected.numUpdatedRows);
    await recordAdminAction(trx, {
      adminId: memberId,
      action: 'buying_request.close',
      targetType: 'buying_request',
      targetId: input.requestId,
      before: { status: request.status, user_id: request.user_id },
      after: { status: 'closed', rejected_offers: rejectedOffers },
      reason: input.reason,
    });
    await notify(trx, {
      userId: request.user_id,
      type: 'buying_request_closed',
      params: { title: request.title, reason: input.reason },
      link: `/buying-requests/${input.requestId}`,
    });
    return { requestId: input.requestId, status: 'closed' as const, rejectedOffers };
  });
}
