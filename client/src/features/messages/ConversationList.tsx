import { Avatar, Badge, Box, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMITS, badgeLabel, type TChatPeer, type TConversation } from '@curio/shared';
import { useConversationPages } from './conversation-pages.ts';
import { errorMessage } from '../../lib/app-error.ts';
import { formatRelative } from './chat-time.ts';
import { useNow } from './use-now.ts';
import classes from './messages.module.css';

export function PeerAvatar({ peer, size = 44 }: { peer: Pick<TChatPeer, 'nickname' | 'avatarUrl'>; size?: number }) {
  return (
    <Avatar src={peer.avatarUrl} alt="" size={size} radius="xl" color="violet">
      {peer.nickname.slice(0, 1).toUpperCase()}
    </Avatar>
  );
}

export function SupportBadge({ peer }: { peer: Pick<TChatPeer, 'isAdmin'> }) {
  const { t } = useTranslation('messages');
  if (!peer.isAdmin) return null;
  return (
    <Badge size="xs" variant="light" color="grape" style={{ flexShrink: 0 }}>
      {t('support')}
    </Badge>
  );
}

function ConversationRow({ conversation, me, current, now }: { conversation: TConversation; me: string; current: boolean; now: Date }) {
  const { t, i18n } = useTranslation('messages');
  const { peer, lastMessage, unreadCount } = conversation;
  const badge = badgeLabel(unreadCount, LIMITS.unreadBadgeCapDesktop);
  const preview = lastMessage.senderId === me ? t('list.youSaid', { content: lastMessage.content }) : lastMessage.content;
  return (
    <Link
      to={`/messages?userId=${peer.id}`}
      className={classes.conversation}
      aria-current={current ? 'true' : undefined}
      aria-label={unreadCount > 0 ? t('list.rowUnread', { name: peer.nickname, count: unreadCount }) : t('list.row', { name: peer.nickname })}
    >
      <PeerAvatar peer={peer} />
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6} wrap="nowrap" justify="space-between">
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            <Text fw={unreadCount > 0 ? 700 : 600} size="sm" truncate>
              {peer.nickname}
            </Text>
            <SupportBadge peer={peer} />
          </Group>
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }} title={lastMessage.createdAt.toLocaleString(i18n.resolvedLanguage)}>
            {formatRelative(lastMessage.createdAt, now, i18n.resolvedLanguage)}
          </Text>
        </Group>
        <Group gap={6} wrap="nowrap" justify="space-between">
          <Text size="sm" c={unreadCount > 0 ? undefined : 'dimmed'} fw={unreadCount > 0 ? 500 : 400} truncate>
            {preview}
          </Text>
          {badge && (
            <Badge size="sm" color="red" circle={badge.length === 1} style={{ flexShrink: 0 }} aria-hidden>
              {badge}
            </Badge>
          )}
        </Group>
      </Box>
    </Link>
  );
}

/**
 * Left pane (rule C-1): one row per counterparty, latest first, with the last
 * message, its time and how many of theirs are unread. A conversation opened from a link with
 * someone not written to yet shows on top as a new conversation until its first message.
 */
export function ConversationList({ me, currentPeerId, newPeer }: { me: string; currentPeerId: string | null; newPeer: TChatPeer | null }) {
  const { t } = useTranslation('messages');
  const now = useNow();
  const list = useConversationPages();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const showNew = newPeer !== null && !items.some((item) => item.peer.id === newPeer.id);

  return (
    <>
      <div className={classes.paneHeader}>
        <Text component="h1" fw={700} size="lg" m={0}>
          {t('title')}
        </Text>
      </div>
      <nav className={classes.scroll} aria-label={t('list.label')}>
        {showNew && (
          <Link to={`/messages?userId=${newPeer.id}`} className={classes.conversation} aria-current={currentPeerId === newPeer.id ? 'true' : undefined}>
            <PeerAvatar peer={newPeer} />
            <Box style={{ flex: 1, minWidth: 0 }}>
              <Group gap={6} wrap="nowrap">
                <Text fw={600} size="sm" truncate>
                  {newPeer.nickname}
                </Text>
                <SupportBadge peer={newPeer} />
              </Group>
              <Text size="sm" c="dimmed" truncate>
                {t('list.newConversation')}
              </Text>
            </Box>
          </Link>
        )}
        {list.isPending ? (
          <Center py="xl">
            <Loader size="sm" aria-label={t('loading')} />
          </Center>
        ) : list.error ? (
          <Stack align="center" py="xl" px="md" gap="xs">
            <Text size="sm" c="dimmed" ta="center">
              {errorMessage(list.error)}
            </Text>
            <Button size="xs" variant="light" onClick={() => void list.refetch()}>
              {t('retry')}
            </Button>
          </Stack>
        ) : items.length === 0 && !showNew ? (
          <Stack align="center" py={60} px="md" gap="xs">
            <IconMessages size={40} stroke={1.3} color="var(--mantine-color-dimmed)" aria-hidden />
            <Text fw={600}>{t('list.empty')}</Text>
            <Text size="sm" c="dimmed" ta="center">
              {t('list.emptyHint')}
            </Text>
          </Stack>
        ) : (
          items.map((conversation) => (
            <ConversationRow key={conversation.peer.id} conversation={conversation} me={me} current={conversation.peer.id === currentPeerId} now={now} />
          ))
        )}
        {list.hasNextPage && (
          <Center p="sm">
            <Button variant="subtle" size="xs" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
              {t('list.loadMore')}
            </Button>
          </Center>
        )}
      </nav>
    </>
  );
}
