import { z } from 'zod';
import { ZRevokeApiTokenInput } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { revokeApiToken } from '../../../domain/accounts/api-tokens.ts';

/** Revokes one of the caller's own tokens; someone else's token is reported as not found. */
export const revoke = memberProcedure
  .input(ZRevokeApiTokenInput)
  .output(z.object({ ok: z.literal(true) }))
  .mutation(({ ctx, input }) => revokeApiToken(ctx.services, ctx.user.id, input.id));
