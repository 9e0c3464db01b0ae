import type { ReactNode } from 'react';
import { NumberInput, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { parseUsdnToCents } from '@curio/shared';
import { useDisplayCurrency } from '../currency/currency-context.ts';

/**
 * A USDN price: minimum 0.01, step 0.01 (the offer price of rule B-10), with the same amount in the
 * chosen display currency underneath, rounded to that currency's decimals.
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
      <NumberInput
        label={label}
        required
        min={0.01}
        step={0.01}
        decimalScale={2}
        allowNegative={false}
        leftSection={<Text size="xs">USDN</Text>}
        leftSectionWidth={52}
        value={value}
        onChange={(next) => onChange(String(next))}
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
