import { z } from 'zod';
import { ZReportBuyingRequestInput } from '@curio/shared';
import { limitedPerMember, memberProcedure } from '../../../trpc/init.ts';
import { reportBuyingRequest } from '../../../domain/buying-requests/report-request.ts';

/**
 * Report a buying request. The spec's client only showed a toast; we store a complaint without
 * an order so admins can act on it (ADR 0009). The reason code goes in `type`, the details (or
 * the code when none were given) in `reason`.
 */
export const report = memberProcedure
  .use(limitedPerMember('reportsPerMember'))
  .input(ZReportBuyingRequestInput)
  .output(z.object({ id: z.uuid() }))
  .mutation(({ ctx, input }) => reportBuyingRequest(ctx.services, ctx.user.id, input));
