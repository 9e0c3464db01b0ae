import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Anchor, Tabs, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { BRAND, type TSessionUser, type TSignUpResult } from '@curio/shared';
import { useAdoptSession } from './use-adopt-session.ts';
import { useSession } from './use-session.ts';
import { useCountdown } from './use-countdown.ts';
import { captureReferrer } from './referrer.ts';
import { redirectTargetOf } from './redirect-target.ts';
import { AuthCard } from './AuthCard.tsx';
import { SignInForm } from './SignInForm.tsx';
import { SignUpForm } from './SignUpForm.tsx';
import { ResetRequestForm } from './ResetRequestForm.tsx';
import { VerificationSentPanel } from './VerificationSentPanel.tsx';

const AUTH_MODES = ['signin', 'signup', 'reset'] as const;
type AuthMode = (typeof AUTH_MODES)[number];

function isAuthMode(value: unknown): value is AuthMode {
  return typeof value === 'string' && (AUTH_MODES as readonly string[]).includes(value);
}

/** `?mode=` wins; an invite link (`?invite=CODE`) opens sign-up; otherwise sign-in. */
function modeOf(searchParams: URLSearchParams): AuthMode {
  const requested = searchParams.get('mode');
  if (isAuthMode(requested)) return requested;
  return searchParams.get('invite') ? 'signup' : 'signin';
}

/** /auth: sign in, sign up (optional invitation code) and password-reset request (rules A-4 and A-5). */
export function AuthPage() {
  const { t } = useTranslation('auth');
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { user, isLoading } = useSession();
  const adoptSession = useAdoptSession();

  const mode = modeOf(searchParams);
  const invitationCode = searchParams.get('invite') ?? '';
  const [email, setEmail] = useState('');
  const [resetSentTo, setResetSentTo] = useState<string | null>(null);
  const [verificationSent, setVerificationSent] = useState<TSignUpResult | null>(null);
  const cooldown = useCountdown();
  // set once this page signs someone in, so the "already signed in" redirect does not race it
  const [authenticatedHere, setAuthenticatedHere] = useState(false);

  useDocumentTitle(`${t(`modes.${mode}`)} · ${BRAND}`);

  useEffect(() => {
    captureReferrer(searchParams);
  }, [searchParams]);

  useEffect(() => {
    if (!isLoading && user && !authenticatedHere) void navigate('/', { replace: true });
  }, [isLoading, user, authenticatedHere, navigate]);

  const changeMode = useCallback(
    (next: string | null) => {
      if (!isAuthMode(next)) return;
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          params.set('mode', next);
          return params;
        },
        { replace: true, state: location.state as unknown },
      );
    },
    [setSearchParams, location.state],
  );

  const onAuthenticated = useCallback(
    (signedIn: TSessionUser) => {
      setAuthenticatedHere(true);
      adoptSession(signedIn);
      void navigate(redirectTargetOf(searchParams, location.state), { replace: true });
    },
    [adoptSession, navigate, searchParams, location.state],
  );

  if (user && !authenticatedHere) return null;

  return (
    <AuthCard title={t(`headings.${mode}`)} subtitle={t(`headings.${mode}Hint`)}>
      <Tabs value={mode} onChange={changeMode} keepMounted={false}>
        <Tabs.List grow mb="lg" aria-label={t('modes.label')}>
          <Tabs.Tab value="signin">{t('modes.signin')}</Tabs.Tab>
          <Tabs.Tab value="signup">{t('modes.signup')}</Tabs.Tab>
          <Tabs.Tab value="reset">{t('modes.reset')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="signin">
          <SignInForm email={email} onEmailChange={setEmail} onForgotPassword={() => changeMode('reset')} onSignedIn={onAuthenticated} />
          <Text size="sm" ta="center" mt="lg" c="dimmed">
            {t('switch.noAccount')}{' '}
            <Anchor component="button" type="button" size="sm" onClick={() => changeMode('signup')}>
              {t('switch.toSignUp')}
            </Anchor>
          </Text>
        </Tabs.Panel>
        <Tabs.Panel value="signup">
          {verificationSent ? (
            <VerificationSentPanel
              email={verificationSent.email}
              cooldownSeconds={verificationSent.cooldownSeconds}
              invitation={verificationSent.invitation}
              onBackToSignIn={() => changeMode('signin')}
            />
          ) : (
            <SignUpForm email={email} invitationCode={invitationCode} onEmailChange={setEmail} onVerificationSent={setVerificationSent} />
          )}
          <Text size="sm" ta="center" mt="lg" c="dimmed">
            {t('switch.haveAccount')}{' '}
            <Anchor component="button" type="button" size="sm" onClick={() => changeMode('signin')}>
              {t('switch.toSignIn')}
            </Anchor>
          </Text>
        </Tabs.Panel>
        <Tabs.Panel value="reset">
          <ResetRequestForm
            email={email}
            onEmailChange={setEmail}
            cooldownSecondsLeft={cooldown.secondsLeft}
            onCooldown={cooldown.start}
            sentTo={resetSentTo}
            onSent={setResetSentTo}
            onBackToSignIn={() => changeMode('signin')}
          />
        </Tabs.Panel>
      </Tabs>
    </AuthCard>
  );
}
