import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import type { TNotificationsPage } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';

/**
 * The notification list's pages, under tRPC's key for notifications.list (see
 * messages/conversation-pages.ts for why tRPC's own useInfiniteQuery does not fit).
 */
export const notificationsKey = getQueryKey(trpc.notifications.list, undefined, 'infinite');

export function useNotificationPages(enabled: boolean) {
  const utils = trpc.useUtils();
  return useInfiniteQuery({
    queryKey: notificationsKey,
    queryFn: ({ pageParam }) => utils.client.notifications.list.query({ cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (page: TNotificationsPage) => page.nextCursor ?? undefined,
    enabled,
  });
}

export type NotificationPages = InfiniteData<TNotificationsPage, string | null>;
