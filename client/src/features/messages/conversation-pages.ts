import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import type { TConversationsPage } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';

/**
 * The conversation list's pages. tRPC's own useInfiniteQuery needs an input that cannot be
 * void, and chat.conversations takes a nullish one, so the pages are fetched here under
 * tRPC's key for the procedure: `utils.chat.conversations.invalidate()` still refreshes them.
 */
export const conversationsKey = getQueryKey(trpc.chat.conversations, undefined, 'infinite');

export function useConversationPages(enabled = true) {
  const utils = trpc.useUtils();
  return useInfiniteQuery({
    queryKey: conversationsKey,
    queryFn: ({ pageParam }) => utils.client.chat.conversations.query({ cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (page: TConversationsPage) => page.nextCursor ?? undefined,
    enabled,
  });
}

export type ConversationPages = InfiniteData<TConversationsPage, string | null>;
