import { Anchor, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ZSignInInput, type TSessionUser, type TSignInInput } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { errorMessage } from '../../lib/app-error.ts';
import { showServerFieldErrors, translatedSchemaResolver } from '../../lib/forms.ts';
import { passwordToggleProps } from './password-input-props.ts';
import { EmailInput } from './EmailInput.tsx';

const FIELDS = ['email', 'password'] as const;
const validate = translatedSchemaResolver(ZSignInInput);

interface SignInFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  onForgotPassword: () => void;
  onSignedIn: (user: TSessionUser) => void;
}

export function SignInForm({ email, onEmailChange, onForgotPassword, onSignedIn }: SignInFormProps) {
  const { t } = useTranslation('auth');
  const signIn = trpc.auth.signIn.useMutation();
  const form = useForm<TSignInInput>({
    initialValues: { email, password: '' },
    validate,
    validateInputOnBlur: true,
    onValuesChange: (values) => onEmailChange(values.email),
  });

  const submit = form.onSubmit((values) => {
    signIn.mutate(values, {
      onSuccess: (user) => {
        notifications.show({ color: 'teal', message: t('toasts.welcome', { nickname: user.nickname }) });
        onSignedIn(user);
      },
      onError: (error) => {
        form.setFieldValue('password', '');
        if (!showServerFieldErrors(form, error, FIELDS)) {
          notifications.show({ color: 'red', message: errorMessage(error) });
        }
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <EmailInput {...form.getInputProps('email')} />
        <Stack gap={6}>
          <PasswordInput
            label={t('fields.password')}
            placeholder={t('fields.passwordPlaceholder')}
            autoComplete="current-password"
            required
            leftSection={<IconLock size={16} aria-hidden="true" />}
            {...passwordToggleProps(t)}
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Anchor component="button" type="button" size="sm" onClick={onForgotPassword}>
              {t('actions.forgotPassword')}
            </Anchor>
          </Group>
        </Stack>
        <Button type="submit" size="md" fullWidth loading={signIn.isPending}>
          {t('actions.signin')}
        </Button>
      </Stack>
    </form>
  );
}
