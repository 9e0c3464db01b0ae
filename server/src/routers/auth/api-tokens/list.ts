import { z } from 'zod';
import { ZApiTokenSummary } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { toApiTokenSummary } from './summary.ts';

/** The caller's tokens that still work, newest first. */
export const list = memberProcedure.output(z.array(ZApiTokenSummary)).query(async ({ ctx }) => {
  const rows = await ctx.services.db
    .selectFrom('api_tokens')
    .select(['id', 'name', 'prefix', 'created_at', 'last_used_at'])
    .where('user_id', '=', ctx.user.id)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toApiTokenSummary);
});
