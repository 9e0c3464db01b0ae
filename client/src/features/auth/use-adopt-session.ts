import { useCallback } from 'react';
import type { TSessionUser } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { useApiControl } from '../../app/ApiProvider.tsx';

/**
 * After the server set a new session cookie (sign-in, a verification link): a new socket must
 * carry the new cookie, and cached visitor data must go.
 */
export function useAdoptSession(): (user: TSessionUser) => void {
  const apiControl = useApiControl();
  const utils = trpc.useUtils();
  return useCallback(
    (user: TSessionUser) => {
      apiControl.restartApi();
      utils.auth.me.setData(undefined, user);
    },
    [apiControl, utils],
  );
}
