import { ZCommentsInput, ZCommentsPage } from '@curio/shared';
import { publicProcedure } from '../../../trpc/init.ts';
import { loadCommentsPage } from '../../../domain/comments/read.ts';

/** The comments tab of a listing (rule S-15: visitors may read comments). */
export const list = publicProcedure
  .input(ZCommentsInput)
  .output(ZCommentsPage)
  .query(({ ctx, input }) => loadCommentsPage(ctx.services.db, input, ctx.auth?.user.id ?? null));
