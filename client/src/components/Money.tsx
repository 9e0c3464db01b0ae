import { Text, type TextProps } from '@mantine/core';
import { formatMoney, type Cents } from '@curio/shared';

/**
 * An amount as every screen shows it: the unit first ("USDN 12.34", as the translated sentences
 * write it), digits of equal width so columns line up, never broken across lines.
 * Inline by default; pass Mantine text props (size, weight, colour) as for any `Text`.
 */
export function Money({ cents, unit = 'USDN', ...textProps }: TextProps & { cents: Cents; unit?: 'USDN' | 'USDT' }) {
  return (
    <Text span inherit={!textProps.size} {...textProps} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {formatMoney(cents, unit)}
    </Text>
  );
}
