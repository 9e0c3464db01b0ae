import { Text, TextInput, type TextInputProps } from '@mantine/core';
import type { ReactNode } from 'react';

type NumberFieldProps = Omit<TextInputProps, 'type' | 'inputMode' | 'value'> & {
  /** Always the text typed: forms keep number fields as strings. */
  value?: string;
  /** Decimals may be typed (a money amount in cents); whole numbers otherwise. */
  decimal?: boolean;
  /** A minus may be typed (an admin adjustment): phones then show the full keyboard, which has one. */
  negative?: boolean;
  /** The unit shown inside the field on the right ("USDN", "%"). */
  unit?: ReactNode;
};

/**
 * The app's one number field. It keeps exactly what was typed: no clamping to a minimum or a
 * maximum, no minus sign or decimal point dropped, no rounding, no browser number input (which
 * empties itself on text it cannot read and changes under the mouse wheel). The form reads it with
 * the shared `typedNumber`/`zTypedNumber`, so a value the rule refuses shows the rule's message
 * under the field instead of silently becoming another value.
 */
export function NumberField({ decimal = false, negative = false, unit, rightSection, rightSectionWidth, ...props }: NumberFieldProps) {
  return (
    <TextInput
      {...props}
      type="text"
      inputMode={negative ? 'text' : decimal ? 'decimal' : 'numeric'}
      autoComplete="off"
      spellCheck={false}
      rightSection={
        rightSection ??
        (unit === undefined ? undefined : (
          <Text size="xs" c="dimmed">
            {unit}
          </Text>
        ))
      }
      rightSectionWidth={rightSectionWidth ?? (unit !== undefined ? 56 : undefined)}
    />
  );
}
