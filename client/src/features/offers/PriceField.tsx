import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { parseUsdnToCents } from '@curio/shared';
import { useDisplayCurrency } from '../currency/currency-context.ts';
import { NumberField } from '../../components/NumberField.tsx';

/**
 * A USDN price: minimum 0.01, at most two decimals (the offer price of rule B-10), kept as typed and
 * checked by the dialog's schema, with the same amount in the chosen display currency underneath.
 */
export function PriceField({
  label,
  value,
  onChange,
  error,
  autoFocus,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('offers');
  const display = useDisplayCurrency();
  const cents = parseUsdnToCents(value);
  return (
    <Stack gap={4}>
      <NumberField
        label={label}
        required
        decimal
        leftSection={<Text size="xs">USDN</Text>}
        leftSectionWidth={52}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
        data-autofocus={autoFocus || undefined}
      />
      <Text size="xs" c="dimmed" aria-live="polite">
        {cents !== null && cents > 0 ? t('approx', { amount: display.format(cents) }) : '\u00a0'}
      </Text>
    </Stack>
  );
}

/** The cents a typed price stands for, or null when it is not a positive amount with at most two decimals. */
export function priceInputToCents(value: string): number | null {
  const cents = parseUsdnToCents(value);
  return cents !== null && cents > 0 ? cents : null;
}
