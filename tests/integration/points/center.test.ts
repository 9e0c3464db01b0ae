import { describe, expect, test } from '../../helpers/fixtures.ts';
import { callerFor } from '../../helpers/services.ts';
import { fund } from '../ledger/ledger-fixtures.ts';
import { expectAppError } from '../../helpers/app-errors.ts';

describe('Curio center data', () => {
  test('a visitor must sign in first', async ({ services }) => {
    const visitor = await callerFor(services);
    await expectAppError(visitor.points.center(), 'LOGIN_REQUIRED');
    await expectAppError(visitor.points.rewards(), 'LOGIN_REQUIRED');
    await expectAppError(visitor.points.redemption.mine(), 'LOGIN_REQUIRED');
  });

  test('a new member has zeroes, no check-in and no code; an unknown zone is refused', async ({ member }) => {
    const { api: caller } = await member();
    const center = await caller.points.center({ timeZone: 'Asia/Tokyo' });
    expect(center).toEqual({
      balance: 0,
      held: 0,
      lifetimeEarned: 0,
      lifetimeSpent: 0,
      checkIn: { checkedInToday: false, streak: 0, todayReward: 1, localDate: '2026-11-21', timeZone: 'Asia/Tokyo' },
      invitations: { accepted: 0, rewarded: 0, waiting: 0, rewardedThisMonth: 0, pointsEarned: 0, currentCode: null },
    });
    expect(await caller.points.rewards()).toEqual([]);
    await expectAppError(caller.points.center({ timeZone: 'Nowhere/Land' }), 'TIME_ZONE_INVALID');
  });

  test('rewards: the 50 newest records, newest first, with signed amounts', async ({ db, member }) => {
    const { id, api: caller } = await member();
    for (let i = 1; i <= 55; i++) await fund(db.db, id, 'points', i);
    const rewards = await caller.points.rewards();
    expect(rewards).toHaveLength(50);
    expect(rewards.map((reward) => reward.amount)).toEqual(Array.from({ length: 50 }, (_, i) => 55 - i));
    expect(rewards.every((reward) => reward.type === 'daily_check_in')).toBe(true);
    const center = await caller.points.center();
    expect(center.lifetimeEarned).toBe((55 * 56) / 2);
    // someone else's records never show
    const other = await member();
    expect(await other.api.points.rewards()).toEqual([]);
  });
});
