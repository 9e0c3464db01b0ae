import { sql, type Kysely } from 'kysely';
import { checkInReward, LIMITS, POINTS_RULES, ZPointsRewardType, type TPointsCenter, type TPointsReward } from '@curio/shared';
import type { Database } from '../../db/schema.ts';
import { checkInZone, previousDate, todayIn } from './calendar.ts';
import { lastCheckIn } from './check-in.ts';
import { currentPendingInvitation } from './invitations.ts';
import { rewardCapMonth } from '../accounts/invitation-rewards.ts';

/**
 * The Curio center's figures (rule P-6): balances from the user_points view, today's
 * check-in state in the member's calendar, and invitation stats (accepted, rewarded, waiting for
 * a first purchase, rewarded this month against the cap of rule P-18).
 */
export async function loadPointsCenter(db: Kysely<Database>, input: { userId: string; now: Date; browserZone?: string | undefined }): Promise<TPointsCenter> {
  const { userId, now } = input;
  const month = rewardCapMonth(now);
  const [points, profile, last, invited, pending] = await Promise.all([
    db
      .selectFrom('user_points')
      .select(['points_balance', 'points_held', 'lifetime_earned', 'lifetime_spent'])
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    db.selectFrom('profiles').select('time_zone').where('user_id', '=', userId).executeTakeFirst(),
    lastCheckIn(db, userId),
    db
      .selectFrom('invitations')
      .select([
        sql<number>`count(*)::int`.as('accepted'),
        sql<number>`(count(*) FILTER (WHERE rewarded_at IS NOT NULL))::int`.as('rewarded'),
        sql<number>`(count(*) FILTER (WHERE rewarded_at IS NULL AND reward_capped_at IS NULL))::int`.as('waiting'),
        sql<number>`(count(*) FILTER (WHERE rewarded_at >= ${month.start}::timestamptz AND rewarded_at < ${month.end}::timestamptz))::int`.as('this_month'),
      ])
      .where('inviter_id', '=', userId)
      .where('status', '=', 'accepted')
      .executeTakeFirstOrThrow(),
    currentPendingInvitation(db, userId, now),
  ]);

  const timeZone = checkInZone(profile?.time_zone ?? null, input.browserZone);
  const today = todayIn(now, timeZone);
  const checkedInToday = last !== null && last.localDate >= today;
  const continues = last !== null && last.localDate === previousDate(today);
  const streak = checkedInToday ? last.streak : continues ? last.streak : 0;
  const todayReward = checkedInToday ? last.points : checkInReward(streak + 1);

  return {
    balance: points?.points_balance ?? 0,
    held: points?.points_held ?? 0,
    lifetimeEarned: points?.lifetime_earned ?? 0,
    lifetimeSpent: points?.lifetime_spent ?? 0,
    checkIn: { checkedInToday, streak, todayReward, localDate: today, timeZone },
    invitations: {
      accepted: Number(invited.accepted),
      rewarded: Number(invited.rewarded),
      waiting: Number(invited.waiting),
      rewardedThisMonth: Number(invited.this_month),
      // every rewarded invitation paid its inviter this much, before ADR 0045 and since (rule P-14)
      pointsEarned: Number(invited.rewarded) * LIMITS.inviterRewardPoints,
      currentCode: pending?.invitation_code ?? null,
    },
  };
}

/** The rewards tab (rule P-16): the member's points_rewards entries, newest first, at most 50. */
export async function listPointsRewards(db: Kysely<Database>, userId: string): Promise<TPointsReward[]> {
  const rows = await db
    .selectFrom('points_rewards')
    .select(['transfer_id', 'reward_type', 'points_amount', 'source', 'source_description', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('transfer_id', 'desc')
    .limit(POINTS_RULES.rewardsLimit)
    .execute();
  return rows.map((row) => {
    const type = ZPointsRewardType.safeParse(row.reward_type);
    return {
      id: row.transfer_id ?? 0,
      type: type.success ? type.data : 'other',
      amount: row.points_amount ?? 0,
      source: row.source ?? 'other',
      description: row.source_description,
      createdAt: row.created_at ?? new Date(0),
    };
  });
}
