import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconGift, IconMailForward } from '@tabler/icons-react';
import type { TSignUpResult } from '@curio/shared';
import { useTranslation } from 'react-i18next';
import { useResendVerification } from './use-resend-verification.ts';
import { BackToSignIn } from './BackToSignIn.tsx';

interface VerificationSentPanelProps {
  email: string;
  cooldownSeconds: number;
  /** What the invitation code did (server/src/domain/accounts/invitations.ts); null without one. */
  invitation: TSignUpResult['invitation'];
  onBackToSignIn: () => void;
}

/**
 * What sign-up shows instead of signing in: the link went to the address (or, for an address
 * that already has an account, a notice did — the panel reads the same either way).
 */
export function VerificationSentPanel({ email, cooldownSeconds, invitation, onBackToSignIn }: VerificationSentPanelProps) {
  const { t } = useTranslation('auth');
  const resend = useResendVerification(cooldownSeconds);
  return (
    <Stack gap="md" data-testid="verification-sent">
      <Alert variant="light" color="teal" icon={<IconMailForward size={18} aria-hidden="true" />} title={t('signup.sentTitle')} role="status">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('signup.sentNotice', { email })}
        </Text>
      </Alert>
      {invitation === 'applied' ? (
        <Alert variant="light" color="grape" icon={<IconGift size={18} aria-hidden="true" />} data-testid="invitation-outcome">
          {t('signup.invitationApplied')}
        </Alert>
      ) : invitation ? (
        // the account exists either way: the code was applied after sign-up, and this one could not be
        <Alert variant="light" color="yellow" icon={<IconGift size={18} aria-hidden="true" />} data-testid="invitation-outcome">
          {t(invitation === 'used' ? 'signup.invitationUsed' : 'signup.invitationExpired')}
        </Alert>
      ) : null}
      <Text size="sm" c="dimmed">
        {t('signup.sentHint')}
      </Text>
      <Button size="md" fullWidth variant="light" loading={resend.pending} disabled={resend.coolingDown} onClick={() => resend.send(email)}>
        {resend.label}
      </Button>
      <BackToSignIn onClick={onBackToSignIn} />
    </Stack>
  );
}
