import { z } from 'zod';
import { ZApiTokenSummary, ZCreateApiTokenInput } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { DomainError } from '../../../domain/domain-error.ts';
import { createApiToken } from '../../../domain/accounts/api-tokens.ts';

/**
 * Issues a personal API token for scripts. Minting needs a browser session: a leaked token
 * must not be able to breed new ones that outlive its revocation.
 */
export const create = memberProcedure
  .input(ZCreateApiTokenInput)
  .output(z.object({ token: z.string(), summary: ZApiTokenSummary }))
  .mutation(({ ctx, input }) => {
    if (ctx.auth.via !== 'cookie') throw new DomainError('FORBIDDEN');
    return createApiToken(ctx.services, ctx.user.id, input.name);
  });
