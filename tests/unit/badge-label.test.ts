import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { LIMITS, badgeLabel } from '@curio/shared';

/** Unread badges (rule I-8) cap at 99 on desktop and 9 on mobile, and vanish at zero. */
describe('badgeLabel', () => {
  test('shows nothing without unread messages', () => {
    expect(badgeLabel(0, LIMITS.unreadBadgeCapDesktop)).toBeNull();
    expect(badgeLabel(0, LIMITS.unreadBadgeCapMobile)).toBeNull();
    expect(badgeLabel(-3, LIMITS.unreadBadgeCapMobile)).toBeNull();
  });

  test('shows the exact count up to the cap', () => {
    expect(badgeLabel(1, LIMITS.unreadBadgeCapDesktop)).toBe('1');
    expect(badgeLabel(99, LIMITS.unreadBadgeCapDesktop)).toBe('99');
    expect(badgeLabel(9, LIMITS.unreadBadgeCapMobile)).toBe('9');
  });

  test('shows cap+ above the cap', () => {
    expect(badgeLabel(100, LIMITS.unreadBadgeCapDesktop)).toBe('99+');
    expect(badgeLabel(10, LIMITS.unreadBadgeCapMobile)).toBe('9+');
    expect(badgeLabel(12_345, LIMITS.unreadBadgeCapMobile)).toBe('9+');
  });

  test('the caps are the ones of the spec', () => {
    expect(LIMITS.unreadBadgeCapDesktop).toBe(99);
    expect(LIMITS.unreadBadgeCapMobile).toBe(9);
  });

  test('never shows a number above the cap, and never hides a positive count', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 1, max: 999 }), (count, cap) => {
        const label = badgeLabel(count, cap);
        expect(label).not.toBeNull();
        if (count > cap) expect(label).toBe(`${cap}+`);
        else expect(Number(label)).toBe(count);
      }),
    );
  });
});
