import { DEFAULT_TIME_ZONE, isTimeZone } from '@curio/shared';

/**
 * The browser's IANA time zone, sent with the first check-in; the server stores it and keeps
 * using the stored one afterwards (ADR 0016), so changing the device's zone changes nothing.
 */
export function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}
