import type { z } from 'zod';
import type { ZMyFollowing } from '@curio/shared';
import { uploadUrl } from '@curio/shared';
import { MY_ITEMS_LIMIT } from './my-items.ts';
import type { AppServices } from '../../app-services.ts';

/** The profile's following tab: the users the caller follows, most recently followed first. */
export async function followedMembers(services: AppServices, memberId: string): Promise<z.output<typeof ZMyFollowing>> {
  const rows = await services.db
    .selectFrom('user_follows')
    .innerJoin('profiles', 'profiles.user_id', 'user_follows.following_id')
    .select(['profiles.user_id', 'profiles.nickname', 'profiles.avatar_key', 'user_follows.created_at'])
    .where('user_follows.follower_id', '=', memberId)
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
}
