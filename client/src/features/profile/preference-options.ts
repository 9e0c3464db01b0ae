import type { ComboboxItem } from '@mantine/core';
import type { TFunction } from 'i18next';
import { CURRENCY_SYMBOLS, DISPLAY_CURRENCIES, LANGUAGES } from '@curio/shared';
import { LANGUAGE_NAMES } from '../language/language-names.ts';

export function languageOptions(): ComboboxItem[] {
  return LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }));
}

export function currencyOptions(t: TFunction): ComboboxItem[] {
  return DISPLAY_CURRENCIES.map((code) => ({
    value: code,
    label: `${code} ${CURRENCY_SYMBOLS[code]} · ${t(`profile:currencies.${code}`)}`,
  }));
}
