import { sql } from 'kysely';
import { checkInReward, type TCheckInResult } from '@curio/shared';
import type { AppServices } from '../../app-services.ts';
import { runInTransaction, type Tx } from '../../db/transaction.ts';
import { DomainError } from '../domain-error.ts';
import { getBalances, publishBalanceChanges, transfer } from '../ledger/index.ts';
import { previousDate, todayIn } from './calendar.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';

export interface LastCheckIn {
  localDate: string;
  streak: number;
  points: number;
}

/** The member's latest check-in; dates read as text so no driver turns them into local-time Dates. */
export async function lastCheckIn(trx: Pick<Tx, 'selectFrom'>, userId: string): Promise<LastCheckIn | null> {
  const row = await trx
    .selectFrom('check_ins')
    .select([sql<string>`to_char(local_date, 'YYYY-MM-DD')`.as('local_date'), 'streak', 'points'])
    .where('user_id', '=', userId)
    .orderBy('local_date', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { localDate: row.local_date, streak: row.streak, points: row.points } : null;
}

/**
 * Daily check-in (ADR 0016). The member's profile row is locked first, so ten taps at once run
 * one after the other: the first pays, the rest see today's row and get ALREADY_CHECKED_IN. The
 * (user_id, local_date) primary key is the backstop. The time zone is stored with the first
 * check-in and used from then on; the new day must also come after the last checked-in day, so
 * neither a zone change nor a clock moved back can pay twice.
 */
export async function checkIn(services: AppServices, userId: string, browserZone: string): Promise<TCheckInResult> {
  const now = services.clock.now();
  let result: TCheckInResult;
  let affected: string[];
  try {
    ({ result, affected } = await runInTransaction(services.db, async (trx) => {
      const profile = await trx.selectFrom('profiles').select('time_zone').where('user_id', '=', userId).forUpdate().executeTakeFirst();
      if (!profile) throw new DomainError('USER_NOT_FOUND');
      const zone = profile.time_zone ?? browserZone;
      if (!profile.time_zone) {
        await trx.updateTable('profiles').set({ time_zone: zone }).where('user_id', '=', userId).execute();
      }
      const today = todayIn(now, zone);
      const last = await lastCheckIn(trx, userId);
      if (last && last.localDate >= today) throw new DomainError('ALREADY_CHECKED_IN');
      const streak = last && last.localDate === previousDate(today) ? last.streak + 1 : 1;
      const points = checkInReward(streak);
      await trx
        .insertInto('check_ins')
        .values({
          user_id: userId,
          local_date: sql<Date>`cast(${today} as date)`,
          time_zone: zone,
          streak,
          points,
          created_at: now,
        })
        .execute();
      const moved = await transfer(trx, {
        currency: 'points',
        from: { system: 'rewards' },
        to: { user: userId },
        amount: points,
        kind: 'checkin',
        referenceType: 'check_in',
        referenceId: today,
        memo: `streak ${streak}`,
        createdBy: userId,
      });
      const balance = (await getBalances(trx, userId)).points;
      return { result: { localDate: today, streak, points, balance }, affected: moved.affectedUserIds };
    }));
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('ALREADY_CHECKED_IN');
    throw error;
  }
  await publishBalanceChanges(services.events, affected);
  return result;
}
