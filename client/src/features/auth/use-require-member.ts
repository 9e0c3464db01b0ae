import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import type { TSessionUser } from '@curio/shared';
import { useSession } from './use-session.ts';
import { authPathFor } from './redirect-target.ts';

/**
 * For member-only screens: a visitor sees 'Please login first' and goes to /auth, which brings
 * them back here after signing in (rules A-2 and I-11).
 */
export function useRequireMember(): { user: TSessionUser | null; isLoading: boolean } {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const { t } = useTranslation('errors');
  const isVisitor = !session.isLoading && !session.user;

  useEffect(() => {
    if (!isVisitor) return;
    notifications.show({ id: 'login-required', color: 'yellow', message: t('LOGIN_REQUIRED') });
    void navigate(authPathFor(location), { replace: true, state: { from: location } });
  }, [isVisitor, navigate, location, t]);

  return session;
}
