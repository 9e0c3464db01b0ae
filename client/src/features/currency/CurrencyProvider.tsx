import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import {
  CURRENCY_SYMBOLS,
  DEFAULT_CURRENCY_BY_LANGUAGE,
  DEFAULT_LANGUAGE,
  FALLBACK_RATES,
  RATES_REFRESH_MS,
  formatDisplayAmount,
  isLanguage,
  type Cents,
  type DisplayCurrency,
} from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { useSession } from '../auth/use-session.ts';
import { DisplayCurrencyContext, type DisplayCurrencyValue } from './currency-context.ts';
import { readStoredCurrency, writeStoredCurrency } from './currency-storage.ts';

/**
 * Which currency prices are shown in: the local choice, else the member's saved preference,
 * else the default of the interface language (rule W-17). A member's saved preference wins
 * once when they sign in, so the choice follows them across devices.
 */
export function CurrencyProvider({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation('common');
  const { user } = useSession();
  const utils = trpc.useUtils();
  const [stored, setStored] = useState<DisplayCurrency | null>(readStoredCurrency);
  const [adoptedForUserId, setAdoptedForUserId] = useState<string | null>(null);

  // Adjusting state while rendering (not in an effect) so the first frame after sign-in
  // already shows the member's currency.
  const userId = user?.id ?? null;
  if (userId !== adoptedForUserId) {
    setAdoptedForUserId(userId);
    if (user?.preferredCurrency) setStored(user.preferredCurrency);
  }
  useEffect(() => {
    if (stored) writeStoredCurrency(stored);
  }, [stored]);

  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const currency = stored ?? user?.preferredCurrency ?? DEFAULT_CURRENCY_BY_LANGUAGE[language];

  const rates = trpc.system.exchangeRates.useQuery(undefined, {
    staleTime: RATES_REFRESH_MS,
    refetchInterval: RATES_REFRESH_MS,
  });
  const rate = rates.data?.rates[currency] ?? FALLBACK_RATES[currency];

  const savePreferences = trpc.profile.updatePreferences.useMutation({
    onSuccess: (_result, input) => {
      utils.auth.me.setData(undefined, (me) => (me && input.preferredCurrency ? { ...me, preferredCurrency: input.preferredCurrency } : me));
    },
    // failing to save a preference is only logged, never shown
    onError: (error) => console.warn('saving the preferred currency failed', error),
  });
  const { mutate: savePreference } = savePreferences;
  const signedIn = user !== null;

  const setCurrency = useCallback(
    (next: DisplayCurrency) => {
      setStored(next);
      if (signedIn) savePreference({ preferredCurrency: next });
      notifications.show({
        color: 'teal',
        message: t('currency.switched', { symbol: CURRENCY_SYMBOLS[next], code: next }),
      });
    },
    [signedIn, savePreference, t],
  );

  const value = useMemo<DisplayCurrencyValue>(
    () => ({
      currency,
      setCurrency,
      rate,
      format: (cents: Cents) => formatDisplayAmount(cents, currency, rate),
    }),
    [currency, setCurrency, rate],
  );

  return <DisplayCurrencyContext.Provider value={value}>{children}</DisplayCurrencyContext.Provider>;
}
