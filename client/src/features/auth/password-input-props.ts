import type { PasswordInputProps } from '@mantine/core';
import type { TFunction } from 'i18next';

/** Show/hide toggle reachable by keyboard and announced by screen readers. */
export function passwordToggleProps(t: TFunction): Partial<PasswordInputProps> {
  return {
    visibilityToggleFocusable: true,
    visibilityToggleButtonProps: { 'aria-label': t('auth:fields.togglePassword') },
  };
}
