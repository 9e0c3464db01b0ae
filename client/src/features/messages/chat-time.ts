/**
 * Times in the messages centre and the notification centre, in the reader's language:
 * "3 minutes ago" for the lists, the clock time on each bubble, a date line between days.
 */

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "2 hours ago"; anything under a minute reads as "now". */
export function formatRelative(date: Date, now: Date, language: string | undefined): string {
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, 'second');
}

export function formatClock(date: Date, language: string | undefined): string {
  return new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }).format(date);
}

export function formatDay(date: Date, language: string | undefined): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
}

export function formatFull(date: Date, language: string | undefined): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** Local calendar day, to know where a date separator goes. */
export function dayKey(date: Date): string {
  return `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
}
