import type { TFunction } from 'i18next';
import { registrationAge } from '../../lib/member-labels.ts';

const KEYS = { days: 'requester.ageDays', months: 'requester.ageMonths', years: 'requester.ageYears' } as const;

/** "3 months" on the requester card; the rule itself is registrationAge (rule S-3). */
export function accountAgeText(t: TFunction<'buying'>, createdAt: Date, now: Date = new Date()): string {
  const { unit, count } = registrationAge(createdAt, now);
  return t(KEYS[unit], { count });
}
