import type { z } from 'zod';
import type { ZAdminComplaintResolveInput, ZAdminComplaintResolveResult } from '@curio/shared';
import { DomainError } from '../domain-error.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { recordAdminAction } from '../admin/audit.ts';
import { notify } from '../notifications/notify.ts';
import type { AppServices } from '../../app-services.ts';

/**
 * Resolve a pending complaint with a response (rule AD-19; RESPONSE_REQUIRED when empty).
 * The guarded UPDATE resolves it once: a second click or a second admin gets
 * REQUEST_ALREADY_PROCESSED and writes nothing. The reporter is notified with the response
 * and, for an order or a listing, a link to it (the order page also lists the response).
 */
export async function resolveComplaint(
  services: AppServices,
  memberId: string,
  input: z.output<typeof ZAdminComplaintResolveInput>,
): Promise<z.output<typeof ZAdminComplaintResolveResult>> {
  const now = services.clock.now();
  return runInTransaction(services.db, async (trx) => {
    const before = await trx
      .selectFrom('complaints')
      .select(['status', 'type', 'reporter_id', 'target_user_id', 'order_id', 'listing_id', 'buying_request_id'])
      .where('id', '=', input.complaintId)
      .executeTakeFirst();
    if (!before) throw new DomainError('NOT_FOUND');
    const resolved = await trx
      .updateTable('complaints')
      .set({ status: 'resolved', admin_response: input.response, resolved_by: memberId, resolved_at: now })
      .where('id', '=', input.complaintId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (resolved.numUpdatedRows === 0n) throw new DomainError('REQUEST_ALREADY_PROCESSED');
    await recordAdminAction(trx, {
      adminId: memberId,
      action: 'complaint.resolve',
      targetType: 'complaint',
      targetId: input.complaintId,
      before: { status: 'pending', type: before.type, reporter_id: before.reporter_id, target_user_id: before.target_user_id, order_id: before.order_id },
      after: { status: 'resolved', admin_response: input.response },
      reason: input.response,
    });
    const link = before.order_id
      ? `/orders/${before.order_id}`
      : before.listing_id
        ? `/listing/${before.listing_id}`
        : before.buying_request_id
          ? `/buying-requests/${before.buying_request_id}`
          : null;
    await notify(trx, { userId: before.reporter_id, type: 'complaint_resolved', params: { notes: input.response }, link: link ?? undefined });
    return { complaintId: input.complaintId, status: 'resolved' as const };
  });
}
