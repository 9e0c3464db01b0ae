import { zText } from '../schemas/common.ts';

/** True for an IANA time zone name the runtime knows ("Asia/Shanghai", "UTC"). */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const ZTimeZone = zText().refine(isTimeZone, { error: 'TIME_ZONE_INVALID' });

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function localDateIn(instant: Date, timeZone: string): string {
  // en-CA formats dates as YYYY-MM-DD
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/** Where a member's calendar is unknown, days follow the default language's region. */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';
