import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  assertCents,
  convertCentsForDisplay,
  formatCents,
  formatDisplayAmount,
  hasSubCentDigits,
  parseUsdnToCents,
  percentOfCentsFloor,
  typedNumber,
  wholeUsdnToCents,
  type DisplayCurrency,
} from '@curio/shared';

describe('parseUsdnToCents', () => {
  test.each([
    ['0', 0],
    ['12', 1200],
    ['12.3', 1230],
    ['12.34', 1234],
    ['0.01', 1],
    ['0.1', 10],
    ['007.50', 750],
    ['  3.25  ', 325],
    ['9999999999999.99', 999_999_999_999_999],
  ])('%j -> %i cents', (input, cents) => {
    expect(parseUsdnToCents(input)).toBe(cents);
  });

  test.each([
    '',
    ' ',
    '-1',
    '+1',
    '1.234',
    '1.',
    '.5',
    '1,000',
    '1e3',
    '0x10',
    'abc',
    '12 34',
    'NaN',
    'Infinity',
    '10000000000000', // 14 digits: beyond what the input accepts
  ])('%j is rejected', (input) => {
    expect(parseUsdnToCents(input)).toBeNull();
  });

  test('never goes through floating point: 0.29, 1.15 and 4.35 are exact', () => {
    // each of these times 100 is off by one ulp in binary floating point
    expect(parseUsdnToCents('0.29')).toBe(29);
    expect(parseUsdnToCents('1.15')).toBe(115);
    expect(parseUsdnToCents('4.35')).toBe(435);
  });

  test('formatCents output parses back to the same cents (grouping removed)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999_999 }), (cents) => {
        expect(parseUsdnToCents(formatCents(cents).replaceAll(',', ''))).toBe(cents);
      }),
    );
  });
});

describe('formatCents', () => {
  test.each([
    [0, '0.00'],
    [1, '0.01'],
    [10, '0.10'],
    [1234, '12.34'],
    [100, '1.00'],
    [123_456, '1,234.56'],
    [100_000_000, '1,000,000.00'],
    [-5, '-0.05'],
    [-123_456, '-1,234.56'],
    [Number.MAX_SAFE_INTEGER, '90,071,992,547,409.91'],
  ])('%i -> %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  test.each([0.5, Number.NaN, Infinity, 2 ** 53])('refuses %s, which is not integer cents', (value) => {
    expect(() => formatCents(value)).toThrow(RangeError);
  });
});

describe('assertCents and wholeUsdnToCents', () => {
  test('assertCents accepts safe integers only', () => {
    expect(() => assertCents(0)).not.toThrow();
    expect(() => assertCents(-10)).not.toThrow();
    expect(() => assertCents(1.5)).toThrow(RangeError);
    expect(() => assertCents(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
  });

  test('whole units become cents', () => {
    expect(wholeUsdnToCents(0)).toBe(0);
    expect(wholeUsdnToCents(10)).toBe(1000);
    expect(wholeUsdnToCents(-3)).toBe(-300);
  });

  test('fractions and amounts too large for exact cents are refused', () => {
    expect(() => wholeUsdnToCents(1.5)).toThrow(RangeError);
    expect(() => wholeUsdnToCents(Number.NaN)).toThrow(RangeError);
    expect(() => wholeUsdnToCents(Math.floor(Number.MAX_SAFE_INTEGER / 10))).toThrow(RangeError);
  });
});

describe('percentOfCentsFloor', () => {
  test.each([
    [10_000, 5, 500], // 5 % of 100.00
    [10_000, 10, 1000],
    [999, 5, 49], // 49.95 -> 49: always rounds down
    [19, 5, 0],
    [1, 99, 0],
    [0, 10, 0],
    [12_345, 3, 370], // the 3 % withdrawal fee of 123.45
    [12_345, 100, 12_345],
    [12_345, 0, 0],
  ])('%i cents x %i %% = %i', (cents, percent, expected) => {
    expect(percentOfCentsFloor(cents, percent)).toBe(expected);
  });

  test('matches exact integer arithmetic', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 13 }), fc.integer({ min: 0, max: 100 }), (cents, percent) => {
        expect(BigInt(percentOfCentsFloor(cents, percent))).toBe((BigInt(cents) * BigInt(percent)) / 100n);
      }),
    );
  });

  test('refuses a fractional percent or a product past the exact range', () => {
    expect(() => percentOfCentsFloor(100, 2.5)).toThrow(RangeError);
    expect(() => percentOfCentsFloor(0.5, 5)).toThrow(RangeError);
    expect(() => percentOfCentsFloor(Number.MAX_SAFE_INTEGER, 5)).toThrow(RangeError);
  });
});

describe('display conversion', () => {
  test('JPY and KRW are whole numbers, the others have two decimals', () => {
    expect(convertCentsForDisplay(1234, 'JPY', 150)).toBe(1851); // 12.34 x 150 = 1851
    expect(convertCentsForDisplay(1234, 'KRW', 1350)).toBe(16659); // 16659.0
    expect(convertCentsForDisplay(1, 'JPY', 150)).toBe(2); // 1.5 -> 2, half away from zero
    expect(convertCentsForDisplay(1234, 'CNY', 7.2)).toBe(88.85); // 88.848
    expect(convertCentsForDisplay(1234, 'USD', 1)).toBe(12.34);
    expect(convertCentsForDisplay(1000, 'HKD', 7.8)).toBe(78);
  });

  test('halves round away from zero even where dividing first would lose them', () => {
    expect(convertCentsForDisplay(15, 'TWD', 31.5)).toBe(4.73); // 4.725
    expect(convertCentsForDisplay(29, 'USD', 0.5)).toBe(0.15); // 0.145
    expect(convertCentsForDisplay(35, 'KRW', 1350)).toBe(473); // 472.5
  });

  test('negative amounts mirror positive ones and tiny amounts never show as -0', () => {
    expect(convertCentsForDisplay(-15, 'TWD', 31.5)).toBe(-4.73);
    expect(convertCentsForDisplay(-1, 'JPY', 0.2)).toBe(0);
    expect(Object.is(convertCentsForDisplay(-1, 'JPY', 0.2), 0)).toBe(true);
    expect(formatDisplayAmount(-1, 'JPY', 0.2)).toBe('¥0');
  });

  test('matches exact rational rounding of the rate as written, at any size', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -(10 ** 12), max: 10 ** 12 }),
        fc.integer({ min: 1, max: 99_999_999 }),
        fc.integer({ min: 0, max: 6 }),
        fc.constantFrom<DisplayCurrency>('USD', 'CNY', 'JPY', 'KRW', 'HKD', 'TWD'),
        (cents, rateDigits, rateDecimals, currency) => {
          const factor = currency === 'JPY' || currency === 'KRW' ? 1n : 100n;
          const numerator = BigInt(Math.abs(cents)) * BigInt(rateDigits) * factor;
          const denominator = 100n * 10n ** BigInt(rateDecimals);
          const halfUp = Number((numerator * 2n + denominator) / (2n * denominator)) / Number(factor);
          const expected = cents < 0 && halfUp !== 0 ? -halfUp : halfUp;
          expect(convertCentsForDisplay(cents, currency, rateDigits / 10 ** rateDecimals)).toBe(expected);
        },
      ),
      { numRuns: 2000 },
    );
  });

  test('rates printed in exponent notation are read exactly too', () => {
    expect(convertCentsForDisplay(100_000_000, 'USD', 1e-7)).toBe(0.1); // 1,000,000 USD x 1e-7
    expect(convertCentsForDisplay(1, 'KRW', 1e21)).toBe(1e19);
  });

  test('an unusable rate is a bug, not a number to show', () => {
    expect(() => convertCentsForDisplay(100, 'USD', 0)).toThrow(RangeError);
    expect(() => convertCentsForDisplay(100, 'USD', -1)).toThrow(RangeError);
    expect(() => convertCentsForDisplay(100, 'USD', Number.NaN)).toThrow(RangeError);
    expect(() => convertCentsForDisplay(1.5, 'USD', 1)).toThrow(RangeError);
  });

  test.each([
    [123_456, 'USD', 1, '$1,234.56'],
    [123_456, 'CNY', 7.2, '¥8,888.83'],
    [123_456, 'JPY', 150, '¥185,184'],
    [100, 'KRW', 1350, '₩1,350'],
    [100, 'HKD', 7.8, 'HK$7.80'],
    [100, 'TWD', 31.5, 'NT$31.50'],
    [0, 'USD', 1, '$0.00'],
    [-500, 'USD', 1, '-$5.00'],
    [-123_456, 'JPY', 150, '-¥185,184'],
  ] as const)('formatDisplayAmount(%i, %s, %d) = %s', (cents, currency, rate, text) => {
    expect(formatDisplayAmount(cents, currency, rate)).toBe(text);
  });
});

describe('number fields read as typed', () => {
  test('typedNumber reads plain decimals only; anything else is NaN for the schema to refuse', () => {
    expect([' 12 ', '0', '-3', '1.5', '+2', '.5', '3.'].map(typedNumber)).toEqual([12, 0, -3, 1.5, 2, 0.5, 3]);
    for (const text of ['', ' ', '1e3', '0x10', '1,000', '12abc', '--1', '.']) expect(typedNumber(text)).toBeNaN();
    expect(typedNumber(7)).toBe(7);
  });

  test('hasSubCentDigits: a third decimal cannot be a step of 0.01', () => {
    expect(['12.345', '0.001', ' 1.000 '].map(hasSubCentDigits)).toEqual([true, true, true]);
    expect(['12.34', '12.3', '12', '12.', 'abc', ''].map(hasSubCentDigits)).toEqual([false, false, false, false, false, false]);
  });
});
