import { trpc } from '../../lib/trpc.ts';
import { useSession } from '../auth/use-session.ts';

/** The signed-in member's balances; kept fresh by `useLiveCounterSubscriptions`. */
export function useBalances() {
  const { user } = useSession();
  return trpc.wallet.balances.useQuery(undefined, { enabled: user !== null });
}

/** Unread chat messages of the signed-in member (0 for visitors). */
export function useUnreadCount(): number {
  const { user } = useSession();
  const unread = trpc.chat.unreadCount.useQuery(undefined, { enabled: user !== null });
  return user ? (unread.data?.count ?? 0) : 0;
}

/** Unread notifications of the signed-in member: the bell's count (0 for visitors). */
export function useNotificationCount(): number {
  const { user } = useSession();
  const unread = trpc.notifications.unreadCount.useQuery(undefined, { enabled: user !== null });
  return user ? (unread.data?.count ?? 0) : 0;
}

/**
 * One subscription each for balances, the unread badge and the notification bell, mounted once by the layout: the
 * server pushes new values and they replace the cached query data every chip reads.
 */
export function useLiveCounterSubscriptions(): void {
  const { user } = useSession();
  const utils = trpc.useUtils();
  const enabled = user !== null;
  trpc.wallet.onBalances.useSubscription(undefined, {
    enabled,
    onData: (balances) => utils.wallet.balances.setData(undefined, balances),
  });
  trpc.chat.onUnreadCount.useSubscription(undefined, {
    enabled,
    // tracked events arrive as { id, data }
    onData: (event) => utils.chat.unreadCount.setData(undefined, event.data),
  });
  trpc.notifications.onUnreadCount.useSubscription(undefined, {
    enabled,
    onData: (event) => utils.notifications.unreadCount.setData(undefined, event.data),
  });
}
