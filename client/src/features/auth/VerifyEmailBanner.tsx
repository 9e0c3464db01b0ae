import { Box, Button, Group, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from './use-session.ts';
import { useResendVerification } from './use-resend-verification.ts';

/** Pages that already are about the link: the banner would only repeat them. */
const QUIET_PATHS = ['/verify-email', '/auth'];

/**
 * A slim bar above every page while the signed-in member's e-mail is unverified: what waits for
 * the link (rewards, money leaving the account) and a way to get it again. It sits in the page's
 * flow under the top bar, never over it.
 */
export function VerifyEmailBanner() {
  const { user } = useSession();
  const { pathname } = useLocation();
  if (!user || user.emailVerified || QUIET_PATHS.includes(pathname)) return null;
  return <Banner email={user.email} />;
}

function Banner({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  const resend = useResendVerification();
  return (
    <Box
      component="section"
      aria-label={t('verifyFirst.title')}
      data-testid="verify-email-banner"
      px="md"
      py="xs"
      bg="var(--mantine-color-yellow-light)"
      style={{ borderBottom: '1px solid var(--mantine-color-yellow-outline)' }}
    >
      <Group gap="sm" justify="center" wrap="wrap" maw={1200} mx="auto">
        <IconMailExclamation size={18} aria-hidden="true" color="var(--mantine-color-yellow-light-color)" style={{ flexShrink: 0 }} />
        <Text size="sm" style={{ flex: '1 1 16rem', overflowWrap: 'anywhere' }}>
          {t('verifyBanner.text', { email })}
        </Text>
        <Button size="compact-sm" variant="default" loading={resend.pending} disabled={resend.coolingDown} onClick={() => resend.send(email)}>
          {resend.label}
        </Button>
      </Group>
    </Box>
  );
}
