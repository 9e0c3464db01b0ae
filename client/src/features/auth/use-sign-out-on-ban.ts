import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { SOCKET_CLOSE_CODES } from '@curio/shared';
import { useApiControl } from '../../app/ApiProvider.tsx';

/**
 * Rule A-18: a ban ends the member's sessions at once, and the server closes their sockets with
 * the ban's own code. The open tab then says why, goes home and drops its signed-in data, instead
 * of looking signed in until a request fails. Mounted once, by the layout.
 */
export function useSignOutOnBan(): void {
  const { socketCloses, restartApi } = useApiControl();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { t } = useTranslation('common');
  const leaving = useRef(false);

  useEffect(() => {
    const onClose = (event: Event) => {
      if ((event as CustomEvent<number | undefined>).detail !== SOCKET_CLOSE_CODES.accountBanned) return;
      notifications.show({ id: 'account-banned', color: 'red', autoClose: false, title: t('account.banned.title'), message: t('account.banned.body') });
      // already home: nothing member-only is on screen
      if (window.location.pathname === '/') {
        restartApi();
        return;
      }
      leaving.current = true;
      void navigate('/', { replace: true });
    };
    socketCloses.addEventListener('close', onClose);
    return () => socketCloses.removeEventListener('close', onClose);
  }, [socketCloses, navigate, restartApi, t]);

  // only once home is on screen: dropped data under a member-only screen would send it to sign in
  useEffect(() => {
    if (!leaving.current || pathname !== '/') return;
    leaving.current = false;
    restartApi();
  }, [pathname, restartApi]);
}
