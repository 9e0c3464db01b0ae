import type { Language } from '../locales.ts';

export const DISPLAY_CURRENCIES = ['CNY', 'USD', 'JPY', 'KRW', 'HKD', 'TWD'] as const;
export type DisplayCurrency = (typeof DISPLAY_CURRENCIES)[number];

export const CURRENCY_SYMBOLS: Record<DisplayCurrency, string> = {
  CNY: '¥',
  USD: '$',
  JPY: '¥',
  KRW: '₩',
  HKD: 'HK$',
  TWD: 'NT$',
};

/** Rule W-15: JPY and KRW are shown as whole numbers, the others with 2 decimals. */
export const CURRENCY_DECIMALS: Record<DisplayCurrency, 0 | 2> = {
  CNY: 2,
  USD: 2,
  JPY: 0,
  KRW: 0,
  HKD: 2,
  TWD: 2,
};

/** Units of the currency per 1 USD, used whenever the rates service cannot be reached. */
export const FALLBACK_RATES: Record<DisplayCurrency, number> = {
  CNY: 7.2,
  USD: 1,
  JPY: 150,
  KRW: 1350,
  HKD: 7.8,
  TWD: 31.5,
};

export const DEFAULT_CURRENCY_BY_LANGUAGE: Record<Language, DisplayCurrency> = {
  'zh-CN': 'CNY',
  'zh-TW': 'TWD',
  en: 'USD',
  ja: 'JPY',
  ko: 'KRW',
  es: 'USD',
};

export const RATES_REFRESH_MS = 3_600_000;

export function isDisplayCurrency(value: unknown): value is DisplayCurrency {
  return typeof value === 'string' && (DISPLAY_CURRENCIES as readonly string[]).includes(value);
}
