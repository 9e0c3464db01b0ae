import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CURRENCY_SYMBOLS, DISPLAY_CURRENCIES, isDisplayCurrency } from '@curio/shared';
import { useDisplayCurrency } from './currency-context.ts';

const OPTIONS = DISPLAY_CURRENCIES.map((code) => ({ value: code, label: `${CURRENCY_SYMBOLS[code]} ${code}` }));

/** The display-currency picker of the top bar (large screens) and other settings screens. */
export function CurrencySelect(props: Omit<SelectProps, 'data' | 'value' | 'onChange'>) {
  const { t } = useTranslation('common');
  const { currency, setCurrency } = useDisplayCurrency();
  return (
    <Select
      aria-label={t('currency.label')}
      data={OPTIONS}
      value={currency}
      onChange={(next) => {
        if (isDisplayCurrency(next) && next !== currency) setCurrency(next);
      }}
      allowDeselect={false}
      checkIconPosition="right"
      comboboxProps={{ width: 140, position: 'bottom-end' }}
      {...props}
    />
  );
}
