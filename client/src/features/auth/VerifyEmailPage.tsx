import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BRAND } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { errorMessage } from '../../lib/app-error.ts';
import { AuthCard } from './AuthCard.tsx';
import { ResendVerificationForm } from './ResendVerificationForm.tsx';
import { useAdoptSession } from './use-adopt-session.ts';
import { useSession } from './use-session.ts';
import { verificationTokenOf } from './recovery-link.ts';

/**
 * /verify-email: opens the link mailed at sign-up. The address is verified and this browser is
 * signed in; a used, replaced or expired link offers a new one.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation(['auth', 'errors']);
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useSession();
  const adoptSession = useAdoptSession();
  const verify = trpc.auth.verifyEmail.useMutation();
  // read once: the fragment is removed from the address bar right after
  const [token] = useState(() => verificationTokenOf(location.hash));
  // a link works once, so the call must not run twice (React runs effects twice in development)
  const started = useRef(false);

  useDocumentTitle(`${t('auth:verifyPage.title')} · ${BRAND}`);

  useEffect(() => {
    if (location.hash) void navigate(`${location.pathname}${location.search}`, { replace: true });
  }, [location.hash, location.pathname, location.search, navigate]);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    verify.mutate(
      { token },
      {
        onSuccess: (member) => {
          adoptSession(member);
          notifications.show({ color: 'teal', message: t('auth:toasts.verified') });
          void navigate('/', { replace: true });
        },
      },
    );
  }, [token, verify, adoptSession, navigate, t]);

  if (token && !verify.isError) {
    return (
      <AuthCard title={t('auth:verifyPage.title')}>
        <Group gap="sm" role="status" aria-live="polite">
          <Loader size="sm" />
          <Text size="sm">{t('auth:verifyPage.verifying')}</Text>
        </Group>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('auth:verifyPage.title')}>
      <Stack gap="md">
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden="true" />} role="alert">
          <Text size="sm">{verify.error ? errorMessage(verify.error) : t('errors:VERIFICATION_LINK_INVALID')}</Text>
        </Alert>
        <Text size="sm" c="dimmed">
          {t('auth:verifyPage.failedHint')}
        </Text>
        <ResendVerificationForm email={user?.email ?? ''} />
      </Stack>
    </AuthCard>
  );
}
