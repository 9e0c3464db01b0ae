import { DEFAULT_TIME_ZONE, localDateIn } from '@curio/shared';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar day before a YYYY-MM-DD date (pure date arithmetic, no time zone involved). */
export function previousDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
}

/**
 * The zone a member's check-in days follow: the one stored with their first check-in (so moving
 * between zones can never make two check-in days of one), else the browser's, else the default.
 */
export function checkInZone(stored: string | null, browser: string | undefined): string {
  return stored ?? browser ?? DEFAULT_TIME_ZONE;
}

export function todayIn(now: Date, timeZone: string): string {
  return localDateIn(now, timeZone);
}
