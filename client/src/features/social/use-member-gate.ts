import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { useSession } from '../auth/use-session.ts';
import { authPathFor } from '../auth/redirect-target.ts';

/**
 * For actions only members may take (rule A-2): returns whether the caller is signed in and a
 * function that shows 'please login first' and sends a visitor to /auth, who comes back here.
 */
export function useMemberGate(): { isMember: boolean; sendToLogin: () => void } {
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const { t } = useTranslation('errors');
  const sendToLogin = useCallback(() => {
    notifications.show({ id: 'login-required', color: 'yellow', message: t('LOGIN_REQUIRED') });
    void navigate(authPathFor(location), { state: { from: location } });
  }, [navigate, location, t]);
  return { isMember: user !== null, sendToLogin };
}
