import type { z } from 'zod';
import type { ZReportBuyingRequestInput } from '@curio/shared';
import { DomainError } from '../domain-error.ts';
import type { AppServices } from '../../app-services.ts';

/**
 * Report a buying request. The spec's client only showed a toast; we store a complaint without
 * an order so admins can act on it (ADR 0009). The reason code goes in `type`, the details (or
 * the code when none were given) in `reason`.
 */
export async function reportBuyingRequest(services: AppServices, memberId: string, input: z.output<typeof ZReportBuyingRequestInput>) {
  const request = await services.db.selectFrom('buying_requests').select(['id', 'user_id']).where('id', '=', input.id).executeTakeFirst();
  if (!request) throw new DomainError('BUYING_REQUEST_NOT_FOUND');
  if (request.user_id === memberId) throw new DomainError('CANNOT_REPORT_OWN');
  const details = input.details?.trim();
  return services.db
    .insertInto('complaints')
    .values({
      reporter_id: memberId,
      buying_request_id: request.id,
      target_user_id: request.user_id,
      type: `buying_request:${input.reason}`,
      reason: details ? details : input.reason,
      created_at: services.clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}
