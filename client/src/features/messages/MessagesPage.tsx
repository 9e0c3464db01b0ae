import { Center, Container, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconMessageCircle } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BRAND, type TChatMessage } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { useRequireMember } from '../auth/use-require-member.ts';
import { ChatThread } from './ChatThread.tsx';
import { ConversationList } from './ConversationList.tsx';
import { mergeMessages } from './merge-messages.ts';
import { useConversationPages } from './conversation-pages.ts';
import classes from './messages.module.css';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function uuidParam(params: URLSearchParams, name: string): string | null {
  const value = params.get(name);
  return value && UUID.test(value) ? value.toLowerCase() : null;
}

/**
 * The member's live message stream, subscribed once for the page: every message they send or
 * receive, from any tab or server process (ADR 0017). It starts after the latest seq the
 * conversation list saw, so a message committed between loading and subscribing is streamed,
 * not lost; once the stream runs, the open thread is read again, so it holds everything up to
 * that seq (duplicates merge by id). Each message refreshes the conversation list; the open
 * thread picks its own out of the returned list.
 */
function useLiveMessages(enabled: boolean) {
  const utils = trpc.useUtils();
  const [live, setLive] = useState<TChatMessage[]>([]);
  const firstPage = useConversationPages(enabled).data?.pages[0];
  // fixed at the first load: the subscription resumes on its own after that (tracked ids)
  const [startSeq, setStartSeq] = useState<number | null>(null);
  if (startSeq === null && firstPage) setStartSeq(firstPage.latestSeq);
  const add = useCallback(
    (message: TChatMessage) => {
      setLive((current) => mergeMessages(current, [message]));
      void utils.chat.conversations.invalidate();
    },
    [utils],
  );
  trpc.chat.onMessages.useSubscription(startSeq === null ? undefined : { lastEventId: String(startSeq) }, {
    enabled: enabled && startSeq !== null,
    onStarted: () => void utils.chat.thread.invalidate(),
    // tracked events arrive as { id, data }
    onData: (event) => add(event.data),
  });
  return { live, add };
}

/**
 * /messages (rules C-1 and C-2). `seller_id`, `buyer_id` or `userId` opens the
 * conversation with that member (a new one if they never wrote); `listing_id` and `order_id`
 * put that listing or order above the composer and go with the message; `prefill` fills the
 * composer. Side by side on wide screens; on a phone the list and the thread are two screens.
 */
export function MessagesPage() {
  const { t } = useTranslation('messages');
  const { user } = useRequireMember();
  const [params] = useSearchParams();
  useDocumentTitle(`${t('title')} · ${BRAND}`);

  const rawPeer = params.get('seller_id') ?? params.get('buyer_id') ?? params.get('userId');
  const peerId = uuidParam(params, 'seller_id') ?? uuidParam(params, 'buyer_id') ?? uuidParam(params, 'userId');
  const viaSeller = params.has('seller_id');
  const listingId = uuidParam(params, 'listing_id');
  const orderId = uuidParam(params, 'order_id');
  const prefill = params.get('prefill') ?? '';

  const { live, add } = useLiveMessages(user !== null);
  const peer = trpc.chat.peer.useQuery({ peerId: peerId ?? '' }, { enabled: user !== null && peerId !== null, retry: false });
  const threadOpen = rawPeer !== null;

  return (
    <Container size="xl" px={{ base: 0, sm: 'md' }} py={{ base: 0, sm: 'md' }}>
      <div className={classes.shell} data-thread-open={threadOpen ? 'true' : 'false'}>
        <aside className={classes.listPane}>{user && <ConversationList me={user.id} currentPeerId={peerId} newPeer={peer.data ?? null} />}</aside>
        <section className={classes.threadPane} aria-label={t('thread.region')}>
          {user && threadOpen ? (
            <ChatThread
              key={`${peerId ?? rawPeer}|${listingId ?? ''}|${orderId ?? ''}`}
              me={user.id}
              peerId={peerId ?? rawPeer}
              peer={peerId ? peer.data : undefined}
              peerError={peerId ? peer.error : 'USER_NOT_FOUND'}
              live={live}
              onSent={add}
              viaSeller={viaSeller}
              listingId={listingId}
              orderId={orderId}
              prefill={prefill}
            />
          ) : (
            <Center className={classes.scroll} p="xl">
              <Stack align="center" gap="xs">
                <IconMessageCircle size={48} stroke={1.2} color="var(--mantine-color-dimmed)" aria-hidden />
                <Text fw={600}>{t('thread.none')}</Text>
                <Text size="sm" c="dimmed" ta="center">
                  {t('thread.noneHint')}
                </Text>
              </Stack>
            </Center>
          )}
        </section>
      </div>
    </Container>
  );
}
