import { describe, expect, test } from 'vitest';
import {
  displayRedeemCode,
  formatRedeemCodeInput,
  isCompleteRedeemCodeInput,
  normaliseRedeemCode,
  REDEEM_CODE_ALPHABET,
  REDEEM_CODE_FORMATTED_LENGTH,
} from '@curio/shared';

describe('formatRedeemCodeInput (the self-formatting code field, rule W-4)', () => {
  test.each([
    ['', ''],
    ['a', 'A'],
    ['abcd', 'ABCD'],
    ['abcde', 'ABCD-E'],
    ['ABCD-EFGH', 'ABCD-EFGH'],
    ['abcd efgh jkmn pqrs', 'ABCD-EFGH-JKMN-PQRS'],
    ['ab_cd!ef#gh', 'ABCD-EFGH'],
    ['ABCDEFGHJKMNPQRSTUVW', 'ABCD-EFGH-JKMN-PQRS'],
    ['abcd-efgh-jkmn-pqrs-tu', 'ABCD-EFGH-JKMN-PQRS'],
    ['--', ''],
    ['码ab12', 'AB12'],
  ])('%j -> %j', (raw, formatted) => {
    expect(formatRedeemCodeInput(raw)).toBe(formatted);
  });

  test('never exceeds 19 characters and is stable when formatted again', () => {
    const long = 'x1'.repeat(40);
    const once = formatRedeemCodeInput(long);
    expect(once).toHaveLength(REDEEM_CODE_FORMATTED_LENGTH);
    expect(formatRedeemCodeInput(once)).toBe(once);
  });
});

describe('normaliseRedeemCode (what the server looks up)', () => {
  test.each([
    ['  abcd-efgh-jkmn-pqrs  ', 'ABCDEFGHJKMNPQRS'],
    ['ABCD EFGH JKMN PQRS', 'ABCDEFGHJKMNPQRS'],
    ['', ''],
    [' - ', ''],
    ['ab!c', 'AB!C'],
  ])('%j -> %j', (raw, normalised) => {
    expect(normaliseRedeemCode(raw)).toBe(normalised);
  });
});

describe('isCompleteRedeemCodeInput (the redeem button)', () => {
  test('is false under 16 characters and true at 16', () => {
    expect(isCompleteRedeemCodeInput('ABCD-EFGH-JKMN-PQR')).toBe(false);
    expect(isCompleteRedeemCodeInput('ABCD-EFGH-JKMN-PQRS')).toBe(true);
    expect(isCompleteRedeemCodeInput('')).toBe(false);
  });
});

test('the alphabet has 32 symbols without I, O, 0 or 1, and codes display in groups', () => {
  expect(REDEEM_CODE_ALPHABET).toHaveLength(32);
  expect(new Set(REDEEM_CODE_ALPHABET).size).toBe(32);
  expect(REDEEM_CODE_ALPHABET).not.toMatch(/[IO01]/);
  expect(displayRedeemCode('ABCDEFGHJKMNPQRS')).toBe('ABCD-EFGH-JKMN-PQRS');
});
