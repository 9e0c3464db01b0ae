import { useCallback } from 'react';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { appErrorOf, errorMessage } from '../../lib/app-error.ts';
import { useCountdown } from './use-countdown.ts';

/**
 * "Send the link again": one mutation and its cooldown, shared by the check-your-inbox panel, the
 * verify page, the banner and the verify-first notices. The server answers the same for any
 * address, so success only ever says "sent".
 */
export function useResendVerification(initialCooldownSeconds = 0) {
  const { t } = useTranslation('auth');
  const resend = trpc.auth.resendVerification.useMutation();
  const countdown = useCountdown(initialCooldownSeconds);

  const send = useCallback(
    (email: string) => {
      if (countdown.secondsLeft > 0) return;
      resend.mutate(
        { email },
        {
          onSuccess: ({ cooldownSeconds }) => {
            countdown.start(cooldownSeconds || LIMITS.verificationCooldownSeconds);
            notifications.show({ color: 'teal', message: t('toasts.verificationSent') });
          },
          onError: (error) => {
            const { code, params } = appErrorOf(error);
            if (code === 'VERIFICATION_COOLDOWN' || code === 'RATE_LIMITED') countdown.start(Number(params?.seconds) || LIMITS.verificationCooldownSeconds);
            notifications.show({ color: 'red', message: errorMessage(error) });
          },
        },
      );
    },
    [countdown, resend, t],
  );

  const label = countdown.secondsLeft > 0 ? t('actions.resendIn', { seconds: countdown.secondsLeft }) : t('actions.resendVerification');
  return { send, label, pending: resend.isPending, coolingDown: countdown.secondsLeft > 0 };
}
