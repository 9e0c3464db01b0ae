import { createContext, useContext } from 'react';
import type { Cents, DisplayCurrency } from '@curio/shared';

export interface DisplayCurrencyValue {
  /** The currency amounts are shown in; cosmetic only, nothing is charged in it. */
  currency: DisplayCurrency;
  setCurrency: (currency: DisplayCurrency) => void;
  /** Units of `currency` per 1 USD (= 1 USDN). */
  rate: number;
  /** A USDN amount in the display currency, e.g. "¥72.00". */
  format: (cents: Cents) => string;
}

export const DisplayCurrencyContext = createContext<DisplayCurrencyValue | null>(null);

export function useDisplayCurrency(): DisplayCurrencyValue {
  const value = useContext(DisplayCurrencyContext);
  if (!value) throw new Error('useDisplayCurrency() needs a <CurrencyProvider> above it');
  return value;
}
