import type { TFunction } from 'i18next';
import { registrationAge } from '../../lib/member-labels.ts';

const KEYS = { days: 'seller.ageDays', months: 'seller.ageMonths', years: 'seller.ageYears' } as const;

/** "Member for 3 months" on the seller card; the rule itself is registrationAge (rule S-3). */
export function accountAgeLabel(t: TFunction<'listing'>, since: Date, now: Date = new Date()): string {
  const { unit, count } = registrationAge(since, now);
  return t(KEYS[unit], { count });
}
