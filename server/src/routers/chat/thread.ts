import { ZThreadInput, ZThreadPage } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { readThread } from '../../domain/chat/thread.ts';

/** One conversation's history, newest page first, each page oldest-first for display. */
export const thread = memberProcedure
  .input(ZThreadInput)
  .output(ZThreadPage)
  .query(({ ctx, input }) => readThread(ctx.services, ctx.user.id, input));
