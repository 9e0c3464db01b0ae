import { ZMyFollowing, uploadUrl } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { MY_ITEMS_LIMIT } from '../../../domain/social/my-items.ts';

/** The profile's following tab: the users the caller follows, most recently followed first. */
export const myFollowing = memberProcedure.output(ZMyFollowing).query(async ({ ctx }) => {
  const rows = await ctx.services.db
    .selectFrom('user_follows')
    .innerJoin('profiles', 'profiles.user_id', 'user_follows.following_id')
    .select(['profiles.user_id', 'profiles.nickname', 'profiles.avatar_key', 'user_follows.created_at'])
    .where('user_follows.follower_id', '=', ctx.user.id)
    .orderBy('user_follows.created_at', 'desc')
    .orderBy('profiles.user_id')
    .limit(MY_ITEMS_LIMIT)
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    nickname: row.nickname,
    avatarUrl: row.avatar_key ? uploadUrl(row.avatar_key) : null,
    followedAt: row.created_at,
  }));
});
