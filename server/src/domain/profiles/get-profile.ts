import type { z } from 'zod';
import { sql } from 'kysely';
import type { ZProfileGetInput, ZProfileView } from '@curio/shared';
import { DomainError } from '../domain-error.ts';
import { countFollowers } from '../social/toggle.ts';
import { LISTINGS_SHOWN_ON_PROFILE } from '../listings/by-seller.ts';
import { touchLastActive } from './last-active.ts';
import { avatarUrlOf, resolveProfileTarget } from './profile-target.ts';
import type { AppServices } from '../../app-services.ts';

/**
 * /profile, /curio-center and /profile/:userId. The owner gets their e-mail and full counts;
 * anyone else gets public fields and whether they follow the user. Visitors may view others.
 */
export async function getPublicProfile(
  services: AppServices,
  viewerId: string | null,
  input: z.output<typeof ZProfileGetInput>,
): Promise<z.output<typeof ZProfileView>> {
  const { db, clock } = services;
  const { userId, isOwn } = resolveProfileTarget(viewerId, input.userId);
  if (viewerId) await touchLastActive(db, viewerId, clock.now());

  const row = await db
    .selectFrom('profiles')
    .innerJoin('users', 'users.id', 'profiles.user_id')
    .select([
      'profiles.user_id',
      'profiles.nickname',
      'profiles.avatar_key',
      'profiles.credit_score',
      'profiles.attendance_rate',
      'profiles.sold_count',
      'profiles.last_active_at',
      'users.created_at',
      'users.email',
    ])
    .where('profiles.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new DomainError('USER_NOT_FOUND');

  // others count what their listings tab shows them (marketplace.listings.bySeller)
  const listings = await db
    .selectFrom('listings')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('seller_id', '=', userId)
    .$if(!isOwn, (qb) =>
      qb
        .where('status', 'in', LISTINGS_SHOWN_ON_PROFILE.statuses)
        .where('review_status', 'in', LISTINGS_SHOWN_ON_PROFILE.reviewStatuses)
        .where('is_anonymous', '=', false),
    )
    .executeTakeFirstOrThrow();
  const requests = await db
    .selectFrom('buying_requests')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const following = await db
    .selectFrom('user_follows')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('follower_id', '=', userId)
    .executeTakeFirstOrThrow();

  const base = {
    userId: row.user_id,
    nickname: row.nickname,
    avatarUrl: avatarUrlOf(row.avatar_key),
    creditScore: Math.min(100, Math.max(0, row.credit_score)),
    attendanceRate: Math.min(1, Math.max(0, row.attendance_rate)),
    soldCount: row.sold_count,
    registeredAt: row.created_at,
    lastActiveAt: row.last_active_at,
    stats: {
      listingsCount: Number(listings.count),
      buyingRequestsCount: Number(requests.count),
      followersCount: await countFollowers(db, userId),
      followingCount: Number(following.count),
    },
  };
  if (isOwn) return { ...base, isOwn: true, email: row.email };

  const follows = viewerId
    ? await db
        .selectFrom('user_follows')
        .select(sql<number>`1`.as('one'))
        .where('follower_id', '=', viewerId)
        .where('following_id', '=', userId)
        .executeTakeFirst()
    : undefined;
  return { ...base, isOwn: false, isFollowing: !!follows };
}
