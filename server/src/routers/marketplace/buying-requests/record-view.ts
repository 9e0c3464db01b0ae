import { ZRecordBuyingRequestViewInput, ZRecordViewResult } from '@curio/shared';
import { publicProcedure } from '../../../trpc/init.ts';
import { recordBuyingRequestView } from '../../../domain/buying-requests/record-view.ts';

/** Counts one view per viewer: a member by id, a visitor once per browser-session key. */
export const recordView = publicProcedure
  .input(ZRecordBuyingRequestViewInput)
  .output(ZRecordViewResult)
  .mutation(({ ctx, input }) => recordBuyingRequestView(ctx.services, { id: ctx.auth?.user.id ?? null, userAgent: ctx.userAgent }, input.id, input.visitorKey));
