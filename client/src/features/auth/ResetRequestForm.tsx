import { Alert, Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LIMITS, ZRequestPasswordResetInput } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { appErrorOf, errorMessage } from '../../lib/app-error.ts';
import { showServerFieldErrors, translatedSchemaResolver } from '../../lib/forms.ts';
import { EmailInput } from './EmailInput.tsx';
import { BackToSignIn } from './BackToSignIn.tsx';

const FIELDS = ['email'] as const;
const validate = translatedSchemaResolver(ZRequestPasswordResetInput);

interface ResetRequestFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  /** Seconds until another link may be requested (kept by the page so switching modes keeps it). */
  cooldownSecondsLeft: number;
  onCooldown: (seconds: number) => void;
  /** Address the last link went to, or null before the first send. */
  sentTo: string | null;
  onSent: (email: string) => void;
  onBackToSignIn: () => void;
}

export function ResetRequestForm(props: ResetRequestFormProps) {
  const { email, onEmailChange, cooldownSecondsLeft, onCooldown, sentTo, onSent, onBackToSignIn } = props;
  const { t } = useTranslation('auth');
  const requestReset = trpc.auth.requestPasswordReset.useMutation();
  const form = useForm({
    initialValues: { email },
    validate,
    validateInputOnBlur: true,
    onValuesChange: (values) => onEmailChange(values.email),
  });
  const coolingDown = cooldownSecondsLeft > 0;

  const submit = form.onSubmit((values) => {
    if (coolingDown) return;
    requestReset.mutate(values, {
      onSuccess: ({ cooldownSeconds }) => {
        onCooldown(cooldownSeconds > 0 ? cooldownSeconds : LIMITS.resetCooldownSeconds);
        onSent(values.email.trim());
        notifications.show({ color: 'teal', message: t('toasts.resetSent'), autoClose: LIMITS.resetSentToastMs });
      },
      onError: (error) => {
        const { code, params } = appErrorOf(error);
        if (code === 'RESET_COOLDOWN') onCooldown(Number(params?.seconds) || LIMITS.resetCooldownSeconds);
        if (!showServerFieldErrors(form, error, FIELDS)) {
          notifications.show({ color: 'red', message: errorMessage(error) });
        }
      },
    });
  });

  let buttonLabel = t('actions.sendResetLink');
  if (coolingDown) buttonLabel = t('actions.resendIn', { seconds: cooldownSecondsLeft });
  else if (sentTo) buttonLabel = t('actions.resend');

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {sentTo ? (
          <Alert variant="light" color="teal" icon={<IconMailForward size={18} aria-hidden="true" />} p="sm" role="status">
            {t('reset.sentNotice', { email: sentTo })}
          </Alert>
        ) : null}
        <EmailInput {...form.getInputProps('email')} />
        <Button type="submit" size="md" fullWidth loading={requestReset.isPending} disabled={coolingDown}>
          {buttonLabel}
        </Button>
        <BackToSignIn onClick={onBackToSignIn} />
      </Stack>
    </form>
  );
}
