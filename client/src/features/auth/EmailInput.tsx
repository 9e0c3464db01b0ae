import { TextInput, type TextInputProps } from '@mantine/core';
import { IconAt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The account e-mail field every auth form shares: label, keyboard, autofill and icon. */
export function EmailInput(props: TextInputProps) {
  const { t } = useTranslation('auth');
  return (
    <TextInput
      label={t('fields.email')}
      placeholder={t('fields.emailPlaceholder')}
      type="email"
      autoComplete="email"
      inputMode="email"
      required
      leftSection={<IconAt size={16} aria-hidden="true" />}
      {...props}
    />
  );
}
