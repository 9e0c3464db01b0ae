import { Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ZResendVerificationInput } from '@curio/shared';
import { translatedSchemaResolver } from '../../lib/forms.ts';
import { useResendVerification } from './use-resend-verification.ts';
import { EmailInput } from './EmailInput.tsx';

const validate = translatedSchemaResolver(ZResendVerificationInput);

/** Asks for a new verification link for a typed address (a used or expired link lands here). */
export function ResendVerificationForm({ email }: { email: string }) {
  const resend = useResendVerification();
  const form = useForm({ initialValues: { email }, validate, validateInputOnBlur: true });
  return (
    <form onSubmit={form.onSubmit((values) => resend.send(values.email.trim()))} noValidate>
      <Stack gap="md">
        <EmailInput {...form.getInputProps('email')} />
        <Button type="submit" size="md" fullWidth loading={resend.pending} disabled={resend.coolingDown}>
          {resend.label}
        </Button>
      </Stack>
    </form>
  );
}
