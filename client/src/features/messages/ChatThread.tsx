import { ActionIcon, Alert, Button, Center, Group, Loader, Menu, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconArrowLeft, IconBan, IconDotsVertical, IconLock, IconShieldCheck } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useDocumentVisibility, useElementSize, useMediaQuery } from '@mantine/hooks';
import { Fragment, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CHAT_LIMITS, ZBlockInput, type TChatMessage, type TChatPeerDetail } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { errorMessage } from '../../lib/app-error.ts';
import { translatedSchemaResolver } from '../../lib/forms.ts';
import { DialogActions } from '../../components/DialogActions.tsx';
import { Composer } from './Composer.tsx';
import { useConversationPages } from './conversation-pages.ts';
import { ListingContextCard, OrderContextCard } from './ContextCards.tsx';
import { PeerAvatar, SupportBadge } from './ConversationList.tsx';
import { dayKey, formatClock, formatDay, formatFull } from './chat-time.ts';
import { inConversation, mergeMessages } from './merge-messages.ts';
import classes from './messages.module.css';

export interface ChatThreadProps {
  me: string;
  peerId: string;
  peer: TChatPeerDetail | undefined;
  peerError: unknown;
  /** Messages of this page's live stream and of this tab's own sends, any conversation. */
  live: readonly TChatMessage[];
  onSent: (message: TChatMessage) => void;
  /** Opened from a listing's "contact seller": a seller's block reads "cannot contact this seller". */
  viaSeller: boolean;
  listingId: string | null;
  orderId: string | null;
  prefill: string;
}

const validateBlockReason = translatedSchemaResolver(ZBlockInput.pick({ reason: true }));

function BlockDialog({
  opened,
  name,
  onClose,
  onConfirm,
  pending,
}: {
  opened: boolean;
  name: string;
  onClose: () => void;
  onConfirm: (reason: string) => void;
  pending: boolean;
}) {
  const { t } = useTranslation('messages');
  const form = useForm({ initialValues: { reason: '' }, validate: validateBlockReason });
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('block.title', { name })} centered>
      <form onSubmit={form.onSubmit(({ reason }) => onConfirm(reason))} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t('block.body')}</Text>
          <Textarea
            label={t('block.reason')}
            placeholder={t('block.reasonPlaceholder')}
            {...form.getInputProps('reason')}
            maxLength={CHAT_LIMITS.blockReasonMax}
            autosize
            minRows={2}
          />
          <DialogActions cancelLabel={t('block.cancel')} onCancel={close} submitLabel={t('block.confirm')} loading={pending} color="red" />
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * One conversation: the history (newest page first, older pages on request), the live messages
 * of the page's stream merged in by id, read marking while it is on screen, the block menu,
 * the order or listing it is about, and the composer.
 */
export function ChatThread({ me, peerId, peer, peerError, live, onSent, viaSeller, listingId, orderId, prefill }: ChatThreadProps) {
  const { t, i18n } = useTranslation('messages');
  const utils = trpc.useUtils();
  const visibility = useDocumentVisibility();
  const newest = trpc.chat.thread.useQuery({ peerId }, { enabled: peer !== undefined, refetchOnWindowFocus: false });
  const [older, setOlder] = useState<TChatMessage[]>([]);
  const [olderCursor, setOlderCursor] = useState<number | null | undefined>(undefined);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [listingPending, setListingPending] = useState(listingId);
  const [blockOpen, setBlockOpen] = useState(false);
  const readThrough = useRef(0);
  const scroller = useRef<HTMLDivElement>(null);
  const scrollAnchor = useRef<{ height: number; top: number } | null>(null);

  // on a phone the floating support button is lifted above the cards, notice and composer at
  // the bottom (the --page-action-bar-height the button reads), so it covers none of them
  const { ref: bottomBarRef, height: bottomBarHeight } = useElementSize();
  const phone = useMediaQuery('(max-width: 47.99em)');
  useEffect(() => {
    if (!phone || bottomBarHeight === 0) return;
    const root = document.documentElement;
    root.style.setProperty('--page-action-bar-height', `${Math.ceil(bottomBarHeight)}px`);
    return () => {
      root.style.removeProperty('--page-action-bar-height');
    };
  }, [phone, bottomBarHeight]);

  const conversationLive = useMemo(() => inConversation(live, peerId), [live, peerId]);
  const messages = useMemo(() => mergeMessages(older, newest.data?.items ?? [], conversationLive), [older, newest.data, conversationLive]);
  const nextBeforeSeq = olderCursor === undefined ? (newest.data?.nextBeforeSeq ?? null) : olderCursor;

  // the same cached pages the list shows: the thread learns the unread count and order card from them
  const conversations = useConversationPages().data;
  const listed = conversations?.pages.flatMap((page) => page.items).find((item) => item.peer.id === peerId);
  const contextOrderId = orderId ?? listed?.orderId ?? null;

  const markRead = trpc.chat.markRead.useMutation({
    onSuccess: () => void utils.chat.conversations.invalidate(),
  });
  const blockState = peer?.blockState;
  // either side may block or unblock from anywhere: the notice and the composer follow at once
  trpc.chat.onBlockState.useSubscription(
    { peerId },
    {
      enabled: peer !== undefined,
      // tracked events arrive as { id, data }
      onData: (event) => utils.chat.peer.setData({ peerId }, (old) => (old ? { ...old, blockState: event.data } : old)),
    },
  );
  const block = trpc.chat.block.useMutation({
    onSuccess: (state) => {
      utils.chat.peer.setData({ peerId }, (old) => (old ? { ...old, blockState: state } : old));
      setBlockOpen(false);
      notifications.show({ color: 'green', message: t('block.done') });
    },
    onError: (error) => notifications.show({ color: 'red', title: t('block.failed'), message: errorMessage(error) }),
  });
  const unblock = trpc.chat.unblock.useMutation({
    onSuccess: (state) => {
      utils.chat.peer.setData({ peerId }, (old) => (old ? { ...old, blockState: state } : old));
      notifications.show({ color: 'green', message: t('block.undone') });
    },
    onError: (error) => notifications.show({ color: 'red', title: t('block.unblockFailed'), message: errorMessage(error) }),
  });

  // mark read while the thread is on screen and something of theirs is unread (rule C-8)
  const newestUnreadSeq = messages.reduce((max, message) => (message.senderId === peerId && !message.isRead && message.seq > max ? message.seq : max), 0);
  const listedUnread = listed?.unreadCount ?? 0;
  useEffect(() => {
    if (visibility !== 'visible' || markRead.isPending) return;
    const pending = newestUnreadSeq > readThrough.current || (listedUnread > 0 && readThrough.current === 0 && newest.isSuccess);
    if (!pending) return;
    readThrough.current = Math.max(newestUnreadSeq, readThrough.current, 1);
    markRead.mutate({ peerId });
  }, [visibility, newestUnreadSeq, listedUnread, peerId, markRead, newest.isSuccess]);

  // keep the view at the bottom for new messages; keep the reader's place when older ones are added on top
  const lastId = messages.at(-1)?.id;
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (scrollAnchor.current) {
      element.scrollTop = element.scrollHeight - scrollAnchor.current.height + scrollAnchor.current.top;
      scrollAnchor.current = null;
      return;
    }
    element.scrollTop = element.scrollHeight;
  }, [lastId, older.length]);

  const loadOlder = async () => {
    if (nextBeforeSeq === null) return;
    setLoadingOlder(true);
    try {
      const page = await utils.chat.thread.fetch({ peerId, beforeSeq: nextBeforeSeq });
      if (scroller.current) scrollAnchor.current = { height: scroller.current.scrollHeight, top: scroller.current.scrollTop };
      setOlder((current) => [...page.items, ...current]);
      setOlderCursor(page.nextBeforeSeq);
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    } finally {
      setLoadingOlder(false);
    }
  };

  const handleSent = (message: TChatMessage) => {
    setListingPending(null);
    onSent(message);
  };

  const header = (
    <div className={classes.paneHeader}>
      <ActionIcon component={Link} to="/messages" variant="subtle" color="gray" size="lg" aria-label={t('thread.back')} hiddenFrom="sm">
        <IconArrowLeft size={20} />
      </ActionIcon>
      {peer && (
        <>
          <PeerAvatar peer={peer} size={36} />
          <Group gap={6} wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
            <Text component="h2" fw={700} size="md" m={0} truncate>
              {peer.nickname}
            </Text>
            <SupportBadge peer={peer} />
          </Group>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('thread.menu')}>
                <IconDotsVertical size={20} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item component={Link} to={`/profile/${peer.id}`}>
                {t('thread.viewProfile')}
              </Menu.Item>
              {peer.blockState.blocking ? (
                <Menu.Item leftSection={<IconShieldCheck size={16} />} onClick={() => unblock.mutate({ peerId })}>
                  {t('block.unblock')}
                </Menu.Item>
              ) : (
                <Menu.Item color="red" leftSection={<IconBan size={16} />} onClick={() => setBlockOpen(true)}>
                  {t('block.block')}
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        </>
      )}
    </div>
  );

  if (!peer) {
    return (
      <>
        {header}
        <Center className={classes.scroll} p="md">
          {peerError ? (
            <Text c="dimmed" ta="center">
              {typeof peerError === 'string' ? t(`errors:${peerError}`) : errorMessage(peerError)}
            </Text>
          ) : (
            <Loader size="sm" aria-label={t('loading')} />
          )}
        </Center>
      </>
    );
  }

  let notice: { text: string; action?: ReactNode } | null = null;
  if (blockState?.blockedBy) {
    notice = { text: viaSeller ? t('errors:CHAT_SELLER_BLOCKED') : t('errors:CHAT_BLOCKED_BY_PEER') };
  } else if (blockState?.blocking) {
    notice = {
      text: t('errors:CHAT_YOU_BLOCKED'),
      action: (
        <Button size="xs" variant="light" loading={unblock.isPending} onClick={() => unblock.mutate({ peerId })}>
          {t('block.unblock')}
        </Button>
      ),
    };
  }

  return (
    <>
      {header}
      <div ref={scroller} className={`${classes.scroll} ${classes.messages}`} role="log" aria-label={t('thread.label', { name: peer.nickname })}>
        {nextBeforeSeq !== null && newest.data && (
          <Center>
            <Button variant="subtle" size="xs" loading={loadingOlder} onClick={() => void loadOlder()}>
              {t('thread.loadOlder')}
            </Button>
          </Center>
        )}
        {newest.isPending ? (
          <Center py="xl">
            <Loader size="sm" aria-label={t('loading')} />
          </Center>
        ) : newest.error ? (
          <Text c="dimmed" ta="center" py="xl">
            {errorMessage(newest.error)}
          </Text>
        ) : messages.length === 0 ? (
          <Text c="dimmed" ta="center" size="sm" py="xl">
            {t('thread.empty', { name: peer.nickname })}
          </Text>
        ) : (
          messages.map((message, index) => {
            const previous = messages[index - 1];
            const mine = message.senderId === me;
            const newDay = !previous || dayKey(previous.createdAt) !== dayKey(message.createdAt);
            return (
              <Fragment key={message.id}>
                {newDay && (
                  <div className={classes.daySeparator} role="separator">
                    {formatDay(message.createdAt, i18n.resolvedLanguage)}
                  </div>
                )}
                <div className={classes.row} data-mine={mine ? 'true' : 'false'}>
                  <div className={classes.bubble} data-testid="chat-bubble">
                    {message.content}
                  </div>
                  <span className={classes.meta} title={formatFull(message.createdAt, i18n.resolvedLanguage)}>
                    {formatClock(message.createdAt, i18n.resolvedLanguage)}
                    {mine && message.hasViolation ? ` · ${t('thread.filteredNote')}` : ''}
                  </span>
                </div>
              </Fragment>
            );
          })
        )}
      </div>
      <div ref={bottomBarRef}>
        {(contextOrderId || listingPending) && (
          <Stack gap={6} px="md" pt="xs">
            {contextOrderId && <OrderContextCard orderId={contextOrderId} />}
            {listingPending && !contextOrderId && <ListingContextCard listingId={listingPending} />}
          </Stack>
        )}
        {notice && (
          <Alert
            mx="md"
            mt="xs"
            color={blockState?.blockedBy ? 'red' : 'gray'}
            variant="light"
            icon={<IconLock size={18} />}
            role="status"
            data-testid="chat-blocked-notice"
          >
            <Group justify="space-between" gap="xs">
              <Text size="sm">{notice.text}</Text>
              {notice.action}
            </Group>
          </Alert>
        )}
        <Composer
          key={peerId}
          peerId={peerId}
          prefill={prefill}
          orderId={orderId}
          listingId={listingPending}
          disabled={notice !== null}
          onSent={handleSent}
          onBlocked={() => void utils.chat.peer.invalidate({ peerId })}
        />
      </div>
      <BlockDialog
        opened={blockOpen}
        name={peer.nickname}
        onClose={() => setBlockOpen(false)}
        onConfirm={(reason) => block.mutate({ userId: peerId, reason: reason.trim() || null })}
        pending={block.isPending}
      />
    </>
  );
}
