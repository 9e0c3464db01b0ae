import { isDisplayCurrency, type DisplayCurrency } from '@curio/shared';

/** Rule W-17: the chosen display currency is kept in local storage under this key. */
export const CURRENCY_STORAGE_KEY = 'preferred_currency';

export function readStoredCurrency(): DisplayCurrency | null {
  try {
    const saved = localStorage.getItem(CURRENCY_STORAGE_KEY);
    return isDisplayCurrency(saved) ? saved : null;
  } catch {
    return null;
  }
}

export function writeStoredCurrency(currency: DisplayCurrency): void {
  try {
    localStorage.setItem(CURRENCY_STORAGE_KEY, currency);
  } catch {
    // storage blocked: the choice still applies until the tab closes
  }
}
