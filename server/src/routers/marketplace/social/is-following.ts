import { z } from 'zod';
import { ZToggleFollowInput } from '@curio/shared';
import { publicProcedure } from '../../../trpc/init.ts';

/** Whether the caller follows a user (false for visitors), for follow buttons outside profiles. */
export const isFollowing = publicProcedure
  .input(ZToggleFollowInput)
  .output(z.boolean())
  .query(async ({ ctx, input }) => {
    const viewerId = ctx.auth?.user.id;
    if (!viewerId || viewerId === input.userId) return false;
    const row = await ctx.services.db
      .selectFrom('user_follows')
      .select('follower_id')
      .where('follower_id', '=', viewerId)
      .where('following_id', '=', input.userId)
      .executeTakeFirst();
    return !!row;
  });
