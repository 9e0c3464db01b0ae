import { describe, expect, test } from '../../helpers/fixtures.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../server/src/db/schema.ts';
import { getBalances } from '../../../server/src/domain/ledger/index.ts';
import { callerFor } from '../../helpers/services.ts';
import { NEEDS_POSTGRES, onRealPostgres } from '../../helpers/test-db.ts';
import { expectLedgerClean, utc } from './support.ts';
import { expectAppError } from '../../helpers/app-errors.ts';

if (!onRealPostgres()) console.warn(`[points check-in races] skipped: ${NEEDS_POSTGRES}`);

const SHANGHAI = 'Asia/Shanghai';
const DAY = 24 * 60 * 60 * 1000;

async function checkInRows(db: Kysely<Database>, userId: string) {
  return db.selectFrom('check_ins').select(['time_zone', 'streak', 'points']).where('user_id', '=', userId).orderBy('local_date').execute();
}

describe('daily check-in', () => {
  test('a visitor must sign in first', async ({ services }) => {
    await expectAppError((await callerFor(services)).points.checkIn({ timeZone: SHANGHAI }), 'LOGIN_REQUIRED');
  });

  test('an unknown time zone is refused and nothing is stored', async ({ db, member }) => {
    const { user, api: caller } = await member();
    await expectAppError(caller.points.checkIn({ timeZone: 'Mars/Olympus_Mons' }), 'TIME_ZONE_INVALID');
    await expectAppError(caller.points.checkIn({ timeZone: '' }), 'TIME_ZONE_INVALID');
    const profile = await db.db.selectFrom('profiles').select('time_zone').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(profile.time_zone).toBeNull();
    expect(await checkInRows(db.db, user.id)).toEqual([]);
  });

  test('the first check-in pays 1 point, stores the zone, and a second one that day is refused', async ({ db, services, member }) => {
    services.clock.set(utc('2026-11-21T08:00:00'));
    const { user, api: caller } = await member();
    const result = await caller.points.checkIn({ timeZone: SHANGHAI });
    expect(result).toEqual({ localDate: '2026-11-21', streak: 1, points: 1, balance: 1 });
    const profile = await db.db.selectFrom('profiles').select('time_zone').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(profile.time_zone).toBe(SHANGHAI);

    // 23:59 in Shanghai is still the same day
    services.clock.set(utc('2026-11-21T15:59:00'));
    await expectAppError(caller.points.checkIn({ timeZone: SHANGHAI }), 'ALREADY_CHECKED_IN');
    expect((await getBalances(db.db, user.id)).points).toBe(1);

    const rewards = await caller.points.rewards();
    expect(rewards).toEqual([expect.objectContaining({ type: 'daily_check_in', amount: 1, source: 'checkin' })]);
    const transfer = await db.db
      .selectFrom('ledger_transfers')
      .select(['kind', 'reference_type', 'reference_id', 'amount'])
      .where('created_by', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(transfer).toEqual({ kind: 'checkin', reference_type: 'check_in', reference_id: '2026-11-21', amount: 1 });
  });

  test('the streak pays min(n, 7) points a day and a missed day starts again at 1', async ({ db, services, member }) => {
    services.clock.set(utc('2026-11-01T02:00:00'));
    const { user, api: caller } = await member();
    const paid: number[] = [];
    for (let day = 0; day < 9; day++) {
      const result = await caller.points.checkIn({ timeZone: SHANGHAI });
      expect(result.streak).toBe(day + 1);
      paid.push(result.points);
      services.clock.advance(DAY);
    }
    expect(paid).toEqual([1, 2, 3, 4, 5, 6, 7, 7, 7]);
    // skip a day
    services.clock.advance(DAY);
    const restarted = await caller.points.checkIn({ timeZone: SHANGHAI });
    expect(restarted).toMatchObject({ streak: 1, points: 1 });
    expect((await getBalances(db.db, user.id)).points).toBe(1 + 2 + 3 + 4 + 5 + 6 + 7 + 7 + 7 + 1);
    await expectLedgerClean(db);
  });

  test('days follow the member calendar: just after local midnight is a new day', async ({ services, member }) => {
    // 15:59 UTC = 23:59 in Shanghai on the 10th; 16:01 UTC = 00:01 on the 11th
    services.clock.set(utc('2026-11-10T15:59:00'));
    const { api: caller } = await member();
    expect(await caller.points.checkIn({ timeZone: SHANGHAI })).toMatchObject({ localDate: '2026-11-10', streak: 1 });
    services.clock.set(utc('2026-11-10T16:01:00'));
    expect(await caller.points.checkIn({ timeZone: SHANGHAI })).toMatchObject({ localDate: '2026-11-11', streak: 2, points: 2 });
  });

  test('switching time zones cannot give two check-ins in one day: the stored zone is used', async ({ db, services, member }) => {
    // 20:00 UTC on the 10th: 04:00 on the 11th in Shanghai, but still the 10th in Los Angeles
    services.clock.set(utc('2026-11-10T20:00:00'));
    const { user, api: caller } = await member();
    expect(await caller.points.checkIn({ timeZone: SHANGHAI })).toMatchObject({ localDate: '2026-11-11' });
    services.clock.advance(60 * 60 * 1000);
    await expectAppError(caller.points.checkIn({ timeZone: 'America/Los_Angeles' }), 'ALREADY_CHECKED_IN');
    // an hour later in a zone a day ahead: still the same stored Shanghai day
    await expectAppError(caller.points.checkIn({ timeZone: 'Pacific/Kiritimati' }), 'ALREADY_CHECKED_IN');
    const profile = await db.db.selectFrom('profiles').select('time_zone').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(profile.time_zone).toBe(SHANGHAI);
    expect(await checkInRows(db.db, user.id)).toHaveLength(1);
  });

  test('a stored zone moved behind the last check-in day cannot check in that day again', async ({ db, services, member }) => {
    // Kiritimati (UTC+14) is on the 12th when Pago Pago (UTC-11) is on the 11th
    services.clock.set(utc('2026-11-11T12:00:00'));
    const { user, api: caller } = await member();
    expect(await caller.points.checkIn({ timeZone: 'Pacific/Kiritimati' })).toMatchObject({ localDate: '2026-11-12' });
    await db.db.updateTable('profiles').set({ time_zone: 'Pacific/Pago_Pago' }).where('user_id', '=', user.id).execute();
    // now it is the 11th in the stored zone: an earlier day than the last check-in
    await expectAppError(caller.points.checkIn({ timeZone: 'Pacific/Pago_Pago' }), 'ALREADY_CHECKED_IN');
    // the 12th in Pago Pago (a day later) is the same date as the last check-in: still refused
    services.clock.advance(DAY);
    await expectAppError(caller.points.checkIn({ timeZone: 'Pacific/Pago_Pago' }), 'ALREADY_CHECKED_IN');
    services.clock.advance(DAY);
    expect(await caller.points.checkIn({ timeZone: 'UTC' })).toMatchObject({ localDate: '2026-11-13', streak: 2 });
  });

  test('the center shows whether today is done, the streak and what today pays', async ({ services, member }) => {
    services.clock.set(utc('2026-11-20T01:00:00'));
    const { api: caller } = await member();
    let center = await caller.points.center({ timeZone: SHANGHAI });
    expect(center.checkIn).toEqual({ checkedInToday: false, streak: 0, todayReward: 1, localDate: '2026-11-20', timeZone: SHANGHAI });
    await caller.points.checkIn({ timeZone: SHANGHAI });
    center = await caller.points.center({ timeZone: 'UTC' });
    expect(center.checkIn).toEqual({ checkedInToday: true, streak: 1, todayReward: 1, localDate: '2026-11-20', timeZone: SHANGHAI });
    expect(center).toMatchObject({ balance: 1, lifetimeEarned: 1, lifetimeSpent: 0, held: 0 });
    services.clock.advance(DAY);
    center = await caller.points.center();
    // yesterday's streak still runs: today would be day 2
    expect(center.checkIn).toMatchObject({ checkedInToday: false, streak: 1, todayReward: 2, localDate: '2026-11-21' });
    services.clock.advance(DAY);
    center = await caller.points.center();
    expect(center.checkIn).toMatchObject({ checkedInToday: false, streak: 0, todayReward: 1 });
  });

  test.skipIf(!onRealPostgres())('ten check-ins at once pay exactly once', async ({ db, services, member }) => {
    services.clock.set(utc('2026-11-21T08:00:00'));
    const { user, api: caller } = await member();
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => caller.points.checkIn({ timeZone: SHANGHAI })));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect((outcome.reason as Error).message).toBe('ALREADY_CHECKED_IN');
    }
    expect(await checkInRows(db.db, user.id)).toHaveLength(1);
    expect((await getBalances(db.db, user.id)).points).toBe(1);
    await expectLedgerClean(db);
  });

  test.skipIf(!onRealPostgres())('ten first check-ins at once from different zones: one zone stored, one payment', async ({ db, services, member }) => {
    services.clock.set(utc('2026-11-21T08:00:00'));
    const { user, api: caller } = await member();
    const zones = ['Asia/Shanghai', 'UTC', 'America/New_York', 'Europe/Madrid', 'Asia/Tokyo'];
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => caller.points.checkIn({ timeZone: zones[i % zones.length]! })));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const rows = await checkInRows(db.db, user.id);
    expect(rows).toHaveLength(1);
    const profile = await db.db.selectFrom('profiles').select('time_zone').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(profile.time_zone).toBe(rows[0]!.time_zone);
    expect((await getBalances(db.db, user.id)).points).toBe(1);
  });
});
