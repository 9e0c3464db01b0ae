/**
 * Calendar arithmetic in a member's time zone with Intl only (no time zone database in SQL, so
 * PostgreSQL and PGlite agree). Used for "this month" on the sell tab and the CSV's times.
 */
function partsIn(instant: Date, timeZone: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number> {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? '0');
  return { year: value('year'), month: value('month'), day: value('day'), hour: value('hour'), minute: value('minute'), second: value('second') };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(instant: Date, timeZone: string): number {
  const p = partsIn(instant, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant a wall-clock time happens in the zone (the earlier one across a DST overlap). */
function instantOfWallTime(year: number, month: number, day: number, timeZone: string): Date {
  const guess = Date.UTC(year, month - 1, day);
  const first = guess - offsetAt(new Date(guess), timeZone);
  // a second pass settles a DST change between the guess and the answer
  return new Date(guess - offsetAt(new Date(first), timeZone));
}

/** [start, end) of the calendar month containing `instant`, in the zone. */
export function monthRangeIn(instant: Date, timeZone: string): { start: Date; end: Date } {
  const p = partsIn(instant, timeZone);
  const next = p.month === 12 ? { year: p.year + 1, month: 1 } : { year: p.year, month: p.month + 1 };
  return { start: instantOfWallTime(p.year, p.month, 1, timeZone), end: instantOfWallTime(next.year, next.month, 1, timeZone) };
}

/** 'YYYY-MM-DD HH:mm' on the zone's wall clock. */
export function formatLocalMinute(instant: Date, timeZone: string): string {
  const p = partsIn(instant, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${two(p.month)}-${two(p.day)} ${two(p.hour)}:${two(p.minute)}`;
}
