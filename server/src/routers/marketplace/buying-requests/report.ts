import { z } from 'zod';
import { ZReportBuyingRequestInput } from '@curio/shared';
import { limitedPerMember, memberProcedure } from '../../../trpc/init.ts';
import { DomainError } from '../../../domain/domain-error.ts';

/**
 * Report a buying request. The spec's client only showed a toast; we store a complaint without
 * an order so admins can act on it (ADR 0009). The reason code goes in `type`, the details (or
 * the code when none were given) in `reason`.
 */
export const report = memberProcedure
  .use(limitedPerMember('reportsPerMember'))
  .input(ZReportBuyingRequestInput)
  .output(z.object({ id: z.uuid() }))
  .mutation(async ({ ctx, input }) => {
    const request = await ctx.services.db
      .selectFrom('buying_requests')
      .select(['id', 'user_id'])
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (!request) throw new DomainError('BUYING_REQUEST_NOT_FOUND');
    if (request.user_id === ctx.user.id) throw new DomainError('CANNOT_REPORT_OWN');
    const details = input.details?.trim();
    return ctx.services.db
      .insertInto('complaints')
      .values({
        reporter_id: ctx.user.id,
        buying_request_id: request.id,
        target_user_id: request.user_id,
        type: `buying_request:${input.reason}`,
        reason: details ? details : input.reason,
        created_at: ctx.services.clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  });
