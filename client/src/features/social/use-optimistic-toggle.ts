import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import type { TToggleResult } from '@curio/shared';
import { appErrorOf } from '../../lib/app-error.ts';
import { useMemberGate } from './use-member-gate.ts';

export interface ToggleState {
  active: boolean;
  count: number;
}

/**
 * The shared behaviour of the like, favourite and follow buttons (rule S-13): the display flips
 * and moves the count by one at once (never below 0), then takes the server's answer, or goes
 * back to what it was with 'operation failed'. Visitors are sent to sign in instead.
 */
export function useOptimisticToggle(
  initial: ToggleState,
  send: () => Promise<TToggleResult>,
  options: { onSettled?: (result: TToggleResult) => void; messageFor?: (code: string) => string | null } = {},
) {
  const { t } = useTranslation('social');
  const { isMember, sendToLogin } = useMemberGate();
  const [state, setState] = useState<ToggleState>(initial);
  const [pending, setPending] = useState(false);
  const busy = useRef(false);

  // a parent that reloads its data (another tab toggled, a refetch) wins while nothing is in flight
  useEffect(() => {
    if (!busy.current) setState({ active: initial.active, count: Math.max(0, initial.count) });
  }, [initial.active, initial.count]);

  async function toggle() {
    if (!isMember) {
      sendToLogin();
      return;
    }
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    const before = state;
    setState({ active: !before.active, count: Math.max(0, before.count + (before.active ? -1 : 1)) });
    try {
      const result = await send();
      setState({ active: result.active, count: Math.max(0, result.count) });
      options.onSettled?.(result);
    } catch (error) {
      setState(before);
      const { code } = appErrorOf(error);
      if (code === 'LOGIN_REQUIRED') {
        sendToLogin();
      } else {
        notifications.show({ color: 'red', message: options.messageFor?.(code) ?? t('operationFailed') });
      }
    } finally {
      busy.current = false;
      setPending(false);
    }
  }

  return { state, pending, toggle };
}
