import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from './use-session.ts';
import { useResendVerification } from './use-resend-verification.ts';

/** False while the signed-in member's e-mail is unverified: money may not leave the account yet. */
export function useEmailVerified(): boolean {
  const { user } = useSession();
  return user?.emailVerified ?? true;
}

/**
 * Shown next to a withdrawal, transfer, tip or redemption button the server would refuse with
 * EMAIL_NOT_VERIFIED: why it is disabled, and the way out.
 */
export function VerifyFirstNotice() {
  const { t } = useTranslation('auth');
  const { user } = useSession();
  const resend = useResendVerification();
  if (!user || user.emailVerified) return null;
  return (
    <Alert
      variant="light"
      color="yellow"
      icon={<IconMailExclamation size={18} aria-hidden="true" />}
      title={t('verifyFirst.title')}
      data-testid="verify-first-notice"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('verifyFirst.body', { email: user.email })}
        </Text>
        <Button size="compact-sm" variant="default" loading={resend.pending} disabled={resend.coolingDown} onClick={() => resend.send(user.email)}>
          {resend.label}
        </Button>
      </Stack>
    </Alert>
  );
}
