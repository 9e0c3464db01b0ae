import { z } from 'zod';
import { ZApiTokenSummary, ZCreateApiTokenInput } from '@curio/shared';
import { limitedPerMember, sessionProcedure } from '../../../trpc/init.ts';
import { createApiToken } from '../../../domain/accounts/api-tokens.ts';

/**
 * Issues a personal API token for scripts. Minting needs a browser session: a leaked token
 * must not be able to breed new ones that outlive its revocation.
 */
export const create = sessionProcedure
  .use(limitedPerMember('apiTokensPerMember'))
  .input(ZCreateApiTokenInput)
  .output(z.object({ token: z.string(), summary: ZApiTokenSummary }))
  .mutation(({ ctx, input }) => createApiToken(ctx.services, ctx.user, input));
