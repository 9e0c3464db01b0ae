import { z } from 'zod';
import { ZToggleFollowInput } from '@curio/shared';
import { publicProcedure } from '../../../trpc/init.ts';
import { followsMember } from '../../../domain/social/is-following.ts';

/** Whether the caller follows a user (false for visitors), for follow buttons outside profiles. */
export const isFollowing = publicProcedure
  .input(ZToggleFollowInput)
  .output(z.boolean())
  .query(({ ctx, input }) => followsMember(ctx.services, ctx.auth?.user.id ?? null, input));
