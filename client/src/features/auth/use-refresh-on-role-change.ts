import { useEffect } from 'react';
import { SOCKET_CLOSE_CODES } from '@curio/shared';
import { useApiControl } from '../../app/ApiProvider.tsx';
import { trpc } from '../../lib/trpc.ts';

/**
 * The server closes a member's sockets with `roleChanged` when their admin role is granted or
 * taken away, and the socket reconnects signed in with the role as it is now. The open tab then
 * reads the member again, so the admin console's link and page follow without a reload. Mounted
 * once, by the layout.
 */
export function useRefreshOnRoleChange(): void {
  const { socketCloses } = useApiControl();
  const utils = trpc.useUtils();

  useEffect(() => {
    const onClose = (event: Event) => {
      if ((event as CustomEvent<number | undefined>).detail === SOCKET_CLOSE_CODES.roleChanged) void utils.auth.me.invalidate();
    };
    socketCloses.addEventListener('close', onClose);
    return () => socketCloses.removeEventListener('close', onClose);
  }, [socketCloses, utils]);
}
