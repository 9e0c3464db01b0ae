/**
 * USDN amounts are integer cents everywhere (engineering rule E-3). These helpers are the
 * only place that turns cents into text or text into cents; no float maths on money.
 */
import { CURRENCY_DECIMALS, CURRENCY_SYMBOLS, type DisplayCurrency } from './currency.ts';

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

/** Whether a typed amount is a number with more than two decimals ("12.345"): a step of 0.01 cannot hold it. */
export function hasSubCentDigits(input: string): boolean {
  return /^[+-]?\d*\.\d{3,}$/.test(input.trim());
}

/** 1234 -> "12.34"; 123456 -> "1,234.56"; -5 -> "-0.05". */
export function formatCents(cents: Cents): string {
  assertCents(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.trunc(abs / 100);
  const fraction = String(abs % 100).padStart(2, '0');
  return `${sign}${whole.toLocaleString('en-US')}.${fraction}`;
}

/** The unit before the amount, as every price and balance in the app reads: 1234 -> "USDN 12.34". */
export function formatMoney(cents: Cents, unit: 'USDN' | 'USDT' = 'USDN'): string {
  return `${unit} ${formatCents(cents)}`;
}

/** Whole USDN units to cents (admin adjustments, tips and code values are whole numbers). */
export function wholeUsdnToCents(units: number): Cents {
  if (!Number.isSafeInteger(units)) throw new RangeError(`not a whole number: ${units}`);
  const cents = units * 100;
  if (!Number.isSafeInteger(cents)) throw new RangeError(`too large to hold in cents: ${units}`);
  return cents;
}

/** floor(cents * percent / 100) in integer maths, e.g. the 5 % reward hint or points on purchase. */
export function percentOfCentsFloor(cents: Cents, percent: number): Cents {
  assertCents(cents);
  if (!Number.isInteger(percent)) throw new RangeError('percent must be an integer');
  const product = cents * percent;
  // past 2^53 the product is no longer exact and the floor could be off by one
  if (!Number.isSafeInteger(product)) throw new RangeError(`percent of ${cents} is out of the exact range`);
  return Math.floor(product / 100);
}

export function assertCents(value: number): asserts value is Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not an integer number of cents: ${value}`);
}

/**
 * A positive finite number as the exact decimal it prints as: 7.2 -> 72/10, 1e-7 -> 1/10^7.
 * Exchange rates arrive as decimals; reading them back as decimals keeps display rounding exact.
 */
function decimalRatio(value: number): { numerator: bigint; denominator: bigint } {
  const [mantissa = '0', exponentText = '0'] = value.toString().toLowerCase().split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  const exponent = Number(exponentText) - fraction.length;
  const digits = BigInt(whole + fraction);
  return exponent >= 0 ? { numerator: digits * 10n ** BigInt(exponent), denominator: 1n } : { numerator: digits, denominator: 10n ** BigInt(-exponent) };
}

/**
 * Converts a USDN amount (1 USDN = 1 USD) into a display currency, rounded to the currency's
 * decimals, halves away from zero. Cosmetic only: nothing is ever charged in the display
 * currency. Integer arithmetic throughout, because floating point loses the halves
 * (0.15 USD x 31.5 TWD = 4.725 became 4.72 when computed as 0.15 * 31.5).
 */
export function convertCentsForDisplay(cents: Cents, currency: DisplayCurrency, ratePerUsd: number): number {
  assertCents(cents);
  if (!Number.isFinite(ratePerUsd) || ratePerUsd <= 0) throw new RangeError(`not an exchange rate: ${ratePerUsd}`);
  const factor = 10 ** CURRENCY_DECIMALS[currency];
  const rate = decimalRatio(ratePerUsd);
  const numerator = BigInt(Math.abs(cents)) * rate.numerator * BigInt(factor);
  const denominator = 100n * rate.denominator;
  const minorUnits = (2n * numerator + denominator) / (2n * denominator);
  const value = Number(minorUnits) / factor;
  return cents < 0 && value !== 0 ? -value : value;
}

/** "¥1,234.57", "₩13,500", and "-$5.00" for negative amounts. */
export function formatDisplayAmount(cents: Cents, currency: DisplayCurrency, ratePerUsd: number): string {
  const value = convertCentsForDisplay(cents, currency, ratePerUsd);
  const decimals = CURRENCY_DECIMALS[currency];
  const text = Math.abs(value).toLocaleString('en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  return `${value < 0 ? '-' : ''}${CURRENCY_SYMBOLS[currency]}${text}`;
}
