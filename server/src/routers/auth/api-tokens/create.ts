import { z } from 'zod';
import { ZApiTokenSummary, ZCreateApiTokenInput } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { DomainError } from '../../../domain/domain-error.ts';
import { newApiTokenSecret } from '../../../domain/accounts/api-tokens.ts';
import { toApiTokenSummary } from './summary.ts';

/**
 * Issues a personal API token for scripts. The secret is returned this once; only its hash is
 * stored. Minting needs a browser session: a leaked token must not be able to breed new ones
 * that outlive its revocation.
 */
export const create = memberProcedure
  .input(ZCreateApiTokenInput)
  .output(z.object({ token: z.string(), summary: ZApiTokenSummary }))
  .mutation(async ({ ctx, input }) => {
    if (ctx.auth.via !== 'cookie') throw new DomainError('FORBIDDEN');
    const secret = newApiTokenSecret();
    const row = await ctx.services.db
      .insertInto('api_tokens')
      .values({
        user_id: ctx.user.id,
        name: input.name,
        token_hash: secret.hash,
        prefix: secret.prefix,
        created_at: ctx.services.clock.now(),
      })
      .returning(['id', 'name', 'prefix', 'created_at', 'last_used_at'])
      .executeTakeFirstOrThrow();
    return { token: secret.token, summary: toApiTokenSummary(row) };
  });
