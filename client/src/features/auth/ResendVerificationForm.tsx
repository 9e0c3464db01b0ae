import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ZResendVerificationInput } from '@curio/shared';
import { translatedSchemaResolver } from './form-errors.ts';
import { useResendVerification } from './use-resend-verification.ts';

const validate = translatedSchemaResolver(ZResendVerificationInput);

/** Asks for a new verification link for a typed address (a used or expired link lands here). */
export function ResendVerificationForm({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  const resend = useResendVerification();
  const form = useForm({ initialValues: { email }, validate, validateInputOnBlur: true });
  return (
    <form onSubmit={form.onSubmit((values) => resend.send(values.email.trim()))} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('fields.email')}
          placeholder={t('fields.emailPlaceholder')}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          leftSection={<IconAt size={16} aria-hidden="true" />}
          {...form.getInputProps('email')}
        />
        <Button type="submit" size="md" fullWidth loading={resend.pending} disabled={resend.coolingDown}>
          {resend.label}
        </Button>
      </Stack>
    </form>
  );
}
