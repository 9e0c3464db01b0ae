/** How a member's record reads everywhere (profile header, seller and requester cards): rules S-3 and S-24. */
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Registration age per rule S-3: days under 30, months under 365, years after. */
export function registrationAge(registeredAt: Date, now: Date): { unit: 'days' | 'months' | 'years'; count: number } {
  const days = Math.max(0, Math.floor((now.getTime() - registeredAt.getTime()) / DAY_MS));
  if (days < 30) return { unit: 'days', count: days };
  if (days < 365) return { unit: 'months', count: Math.floor(days / 30) };
  return { unit: 'years', count: Math.floor(days / 365) };
}

/**
 * Last-active label per rule S-3: under an hour 'just visited', under a day in hours, under
 * 30 days in days, otherwise 'recently active'.
 */
export function lastActiveLabel(lastActiveAt: Date, now: Date): { kind: 'justVisited' | 'hours' | 'days' | 'recently'; count: number } {
  const elapsed = Math.max(0, now.getTime() - lastActiveAt.getTime());
  if (elapsed < HOUR_MS) return { kind: 'justVisited', count: 0 };
  if (elapsed < DAY_MS) return { kind: 'hours', count: Math.floor(elapsed / HOUR_MS) };
  if (elapsed < 30 * DAY_MS) return { kind: 'days', count: Math.floor(elapsed / DAY_MS) };
  return { kind: 'recently', count: 0 };
}

/** Credit score 0..100 shown as a rating out of 5 (rule S-24: score divided by 20). */
export function creditRating(score: number): number {
  return Math.min(5, Math.max(0, score / 20));
}

/** Attendance rate 0..1 as a whole percent. */
export function attendancePercent(rate: number): number {
  return Math.round(Math.min(1, Math.max(0, rate)) * 100);
}
