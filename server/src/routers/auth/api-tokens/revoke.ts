import { z } from 'zod';
import { ZRevokeApiTokenInput } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { DomainError } from '../../../domain/domain-error.ts';

/** Revokes one of the caller's own tokens; someone else's token is reported as not found. */
export const revoke = memberProcedure
  .input(ZRevokeApiTokenInput)
  .output(z.object({ ok: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    const row = await ctx.services.db
      .updateTable('api_tokens')
      .set({ revoked_at: ctx.services.clock.now() })
      .where('id', '=', input.id)
      .where('user_id', '=', ctx.user.id)
      .where('revoked_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!row) throw new DomainError('API_TOKEN_NOT_FOUND');
    return { ok: true as const };
  });
