/**
 * USDN amounts are integer cents everywhere (DESIGN decision 3). These helpers are the
 * only place that turns cents into text or text into cents; no float maths on money.
 */
import {
  CURRENCY_DECIMALS,
  CURRENCY_SYMBOLS,
  type DisplayCurrency,
} from './currency.ts';

export type Cents = number;

const DECIMAL_AMOUNT = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/** Parses "12", "12.3" or "12.34" into cents. Returns null for anything else (negative, 3 decimals, text). */
export function parseUsdnToCents(input: string): Cents | null {
  const match = DECIMAL_AMOUNT.exec(input.trim());
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  const cents = whole * 100 + fraction;
  return Number.isSafeInteger(cents) ? cents : null;
}

/** 1234 -> "12.34"; -5 -> "-0.05". */
export function formatCents(cents: Cents): string {
  assertCents(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.trunc(abs / 100);
  const fraction = String(abs % 100).padStart(2, '0');
  return `${sign}${whole.toLocaleString('en-US')}.${fraction}`;
}

/** Whole USDN units to cents (admin adjustments, tips and code values are whole numbers). */
export function wholeUsdnToCents(units: number): Cents {
  if (!Number.isSafeInteger(units)) throw new RangeError(`not a whole number: ${units}`);
  return units * 100;
}

/** floor(cents * percent / 100) in integer maths, e.g. the 5 % reward hint or points on purchase. */
export function percentOfCentsFloor(cents: Cents, percent: number): Cents {
  assertCents(cents);
  if (!Number.isInteger(percent)) throw new RangeError('percent must be an integer');
  return Math.floor((cents * percent) / 100);
}

export function assertCents(value: number): asserts value is Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not an integer number of cents: ${value}`);
}

/**
 * Converts a USDN amount (1 USDN = 1 USD) into a display currency, rounded to the currency's
 * decimals. Cosmetic only: nothing is ever charged in the display currency.
 */
export function convertCentsForDisplay(cents: Cents, currency: DisplayCurrency, ratePerUsd: number): number {
  assertCents(cents);
  const decimals = CURRENCY_DECIMALS[currency];
  const factor = 10 ** decimals;
  // cents * rate is at most 1e15 * 1e4 for sane inputs: work in minor units then round once.
  return Math.round((cents / 100) * ratePerUsd * factor) / factor;
}

export function formatDisplayAmount(cents: Cents, currency: DisplayCurrency, ratePerUsd: number): string {
  const value = convertCentsForDisplay(cents, currency, ratePerUsd);
  const decimals = CURRENCY_DECIMALS[currency];
  const text = value.toLocaleString('en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  return `${CURRENCY_SYMBOLS[currency]}${text}`;
}
