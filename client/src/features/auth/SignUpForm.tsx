import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconGift, IconLock, IconTicket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isLanguage, ZSignUpInput, type TSignUpResult } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { errorMessage } from '../../lib/app-error.ts';
import { showServerFieldErrors, translatedSchemaResolver } from '../../lib/forms.ts';
import { passwordToggleProps } from './password-input-props.ts';
import { clearStoredReferrer, storedReferrer } from './referrer.ts';
import { EmailInput } from './EmailInput.tsx';

interface SignUpValues {
  email: string;
  password: string;
  invitationCode: string;
}

const FIELDS = ['email', 'password', 'invitationCode'] as const;
const FIELD_MESSAGES = { invitationCode: 'errors:INVITATION_CODE_INVALID' };
const validate = translatedSchemaResolver(ZSignUpInput, FIELD_MESSAGES);

interface SignUpFormProps {
  email: string;
  invitationCode: string;
  onEmailChange: (email: string) => void;
  /** The link (or, for a registered address, a notice) is on its way; nobody is signed in yet. */
  onVerificationSent: (sent: TSignUpResult) => void;
}

export function SignUpForm({ email, invitationCode, onEmailChange, onVerificationSent }: SignUpFormProps) {
  const { t, i18n } = useTranslation('auth');
  const signUp = trpc.auth.signUp.useMutation();
  const invited = invitationCode.trim() !== '';
  const form = useForm<SignUpValues>({
    initialValues: { email, password: '', invitationCode },
    validate,
    validateInputOnBlur: true,
    onValuesChange: (values) => onEmailChange(values.email),
  });

  const submit = form.onSubmit((values) => {
    const code = values.invitationCode.trim();
    // an invitation code wins over a remembered ?ref= link: the server credits one inviter only
    const referrerId = code ? undefined : (storedReferrer() ?? undefined);
    const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : undefined;
    signUp.mutate(
      { email: values.email, password: values.password, invitationCode: code || undefined, referrerId, language },
      {
        onSuccess: (sent) => {
          clearStoredReferrer();
          onVerificationSent(sent);
        },
        onError: (error) => {
          if (!showServerFieldErrors(form, error, FIELDS, FIELD_MESSAGES)) {
            notifications.show({ color: 'red', message: errorMessage(error) });
          }
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {invited ? (
          <Alert variant="light" color="grape" icon={<IconGift size={18} aria-hidden="true" />} p="sm">
            {t('signup.invitedNotice')}
          </Alert>
        ) : null}
        <EmailInput {...form.getInputProps('email')} />
        <PasswordInput
          label={t('fields.password')}
          placeholder={t('fields.passwordPlaceholder')}
          description={t('fields.passwordRule')}
          autoComplete="new-password"
          required
          leftSection={<IconLock size={16} aria-hidden="true" />}
          {...passwordToggleProps(t)}
          {...form.getInputProps('password')}
        />
        <TextInput
          label={t('fields.invitationCode')}
          placeholder={t('fields.invitationCodePlaceholder')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          leftSection={<IconTicket size={16} aria-hidden="true" />}
          {...form.getInputProps('invitationCode')}
        />
        <Button type="submit" size="md" fullWidth loading={signUp.isPending}>
          {t('actions.signup')}
        </Button>
      </Stack>
    </form>
  );
}
