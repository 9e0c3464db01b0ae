import { ZHistoryInput, ZHistoryPage } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { readHistory } from '../../domain/wallet/history.ts';

/** Every movement of the member's available USDN or points, newest first, paged (/wallet). */
export const history = memberProcedure
  .input(ZHistoryInput)
  .output(ZHistoryPage)
  .query(({ ctx, input }) => readHistory(ctx.services.db, { userId: ctx.user.id, currency: input.currency, cursor: input.cursor ?? null, limit: input.limit }));
