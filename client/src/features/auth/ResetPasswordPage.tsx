import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCircleCheck, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BRAND, LIMITS, ZResetPasswordInput, type TResetPasswordInput } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { appErrorOf } from '../../lib/app-error.ts';
import { useApiControl } from '../../app/ApiProvider.tsx';
import { AuthCard } from './AuthCard.tsx';
import { showServerFieldErrors, translatedSchemaResolver } from '../../lib/forms.ts';
import { passwordToggleProps } from './password-input-props.ts';
import { recoveryTokenOf } from './recovery-link.ts';

const FIELDS = ['password', 'confirmPassword'] as const;
const validate = translatedSchemaResolver(ZResetPasswordInput);

/** /reset-password: sets a new password from the recovery link of the reset e-mail (rule A-11). */
export function ResetPasswordPage() {
  const { t } = useTranslation(['auth', 'errors']);
  const location = useLocation();
  const navigate = useNavigate();
  // read once: the fragment is removed from the address bar right after
  const [token] = useState(() => recoveryTokenOf(location.hash));

  useDocumentTitle(`${t('auth:resetPage.title')} · ${BRAND}`);

  useEffect(() => {
    if (location.hash) {
      // keeps the one-time token out of the history, bookmarks and screenshots of the address bar
      void navigate(`${location.pathname}${location.search}`, { replace: true });
    }
  }, [location.hash, location.pathname, location.search, navigate]);

  useEffect(() => {
    if (token) return;
    const timer = window.setTimeout(() => void navigate('/auth?mode=reset', { replace: true }), LIMITS.redirectDelayMs);
    return () => window.clearTimeout(timer);
  }, [token, navigate]);

  if (!token) {
    return (
      <AuthCard title={t('auth:resetPage.title')}>
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden="true" />} role="alert">
          <Text size="sm">{t('errors:RESET_LINK_INVALID')}</Text>
          <Text size="sm" c="dimmed" mt={4}>
            {t('auth:resetPage.redirecting')}
          </Text>
        </Alert>
      </AuthCard>
    );
  }
  return <NewPasswordForm token={token} />;
}

function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation(['auth', 'errors']);
  const navigate = useNavigate();
  const apiControl = useApiControl();
  const resetPassword = trpc.auth.resetPassword.useMutation();
  const [done, setDone] = useState(false);
  const form = useForm<TResetPasswordInput>({
    initialValues: { token, password: '', confirmPassword: '' },
    validate,
    validateInputOnBlur: true,
  });

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => void navigate('/auth?mode=signin', { replace: true }), LIMITS.redirectDelayMs);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const submit = form.onSubmit((values) => {
    resetPassword.mutate(values, {
      onSuccess: () => {
        // the server ends every session of the account, this one included
        apiControl.restartApi();
        setDone(true);
        notifications.show({ color: 'teal', message: t('auth:toasts.passwordReset') });
      },
      onError: (error) => {
        if (showServerFieldErrors(form, error, FIELDS)) return;
        const { code } = appErrorOf(error);
        const known = code !== 'OPERATION_FAILED' && code !== 'VALIDATION_FAILED';
        notifications.show({ color: 'red', message: t(`errors:${known ? code : 'RESET_FAILED'}`) });
      },
    });
  });

  if (done) {
    return (
      <AuthCard title={t('auth:resetPage.title')}>
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} aria-hidden="true" />} role="status">
          <Text size="sm">{t('auth:toasts.passwordReset')}</Text>
          <Text size="sm" c="dimmed" mt={4}>
            {t('auth:resetPage.toSignIn')}
          </Text>
        </Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth:resetPage.title')} subtitle={t('auth:resetPage.hint')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label={t('auth:fields.newPassword')}
            placeholder={t('auth:fields.passwordRule')}
            autoComplete="new-password"
            required
            leftSection={<IconLock size={16} aria-hidden="true" />}
            {...passwordToggleProps(t)}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={t('auth:fields.confirmPassword')}
            placeholder={t('auth:fields.confirmPasswordPlaceholder')}
            autoComplete="new-password"
            required
            leftSection={<IconLock size={16} aria-hidden="true" />}
            {...passwordToggleProps(t)}
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" size="md" fullWidth loading={resetPassword.isPending}>
            {t('auth:actions.setNewPassword')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
