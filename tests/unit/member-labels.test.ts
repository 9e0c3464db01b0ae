import { describe, expect, test } from 'vitest';
import { attendancePercent, creditRating, lastActiveLabel, registrationAge } from '../../client/src/lib/member-labels.ts';
import { profileTabsFor } from '../../client/src/features/profiles/profile-tabs.ts';

/** Display rules of the profile header, rule S-3 (pure functions; no database involved). */
const now = new Date('2026-11-21T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('registration age', () => {
  test.each([
    [0, { unit: 'days', count: 0 }],
    [29 * DAY, { unit: 'days', count: 29 }],
    [30 * DAY, { unit: 'months', count: 1 }],
    [364 * DAY, { unit: 'months', count: 12 }],
    [365 * DAY, { unit: 'years', count: 1 }],
    [800 * DAY, { unit: 'years', count: 2 }],
  ])('%d ms after sign-up is %j', (elapsed, expected) => {
    expect(registrationAge(ago(elapsed), now)).toEqual(expected);
  });
});

describe('last-active label', () => {
  test.each([
    [0, { kind: 'justVisited', count: 0 }],
    [59 * MINUTE, { kind: 'justVisited', count: 0 }],
    [HOUR, { kind: 'hours', count: 1 }],
    [23 * HOUR + 59 * MINUTE, { kind: 'hours', count: 23 }],
    [DAY, { kind: 'days', count: 1 }],
    [29 * DAY, { kind: 'days', count: 29 }],
    [30 * DAY, { kind: 'recently', count: 0 }],
  ])('%d ms ago is %j', (elapsed, expected) => {
    expect(lastActiveLabel(ago(elapsed), now)).toEqual(expected);
  });
});

test('credit rating is score / 20 out of 5; attendance a whole percent', () => {
  expect(creditRating(100)).toBe(5);
  expect(creditRating(87)).toBeCloseTo(4.35);
  expect(creditRating(0)).toBe(0);
  expect(attendancePercent(1)).toBe(100);
  expect(attendancePercent(0.756)).toBe(76);
});

test('a profile opens on listings; its owner has the Curio center tabs, others the public two', () => {
  expect(profileTabsFor(true)).toEqual(['listings', 'activities', 'buying', 'rewards', 'favorites', 'likes', 'following']);
  expect(profileTabsFor(false)).toEqual(['listings', 'activities']);
});
