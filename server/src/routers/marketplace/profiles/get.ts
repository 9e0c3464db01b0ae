import { ZProfileGetInput, ZProfileView } from '@curio/shared';
import { publicProcedure } from '../../../trpc/init.ts';
import { getPublicProfile } from '../../../domain/profiles/get-profile.ts';

/**
 * /profile, /curio-center and /profile/:userId. The owner gets their e-mail and full counts;
 * anyone else gets public fields and whether they follow the user. Visitors may view others.
 */
export const get = publicProcedure
  .input(ZProfileGetInput)
  .output(ZProfileView)
  .query(({ ctx, input }) => getPublicProfile(ctx.services, ctx.auth?.user.id ?? null, input));
