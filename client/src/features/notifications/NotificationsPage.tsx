import { Box, Button, Center, Container, Group, Loader, Paper, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications as toasts } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconArrowBackUp,
  IconBell,
  IconBellOff,
  IconCash,
  IconChecks,
  IconCoin,
  IconGavel,
  IconGift,
  IconPackage,
  IconStar,
  IconTruckDelivery,
  IconUserPlus,
  type Icon,
} from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BRAND, type TNotification, type TNotificationType } from '@curio/shared';
import { trpc } from '../../lib/trpc.ts';
import { errorMessage } from '../../lib/app-error.ts';
import { useRequireMember } from '../auth/use-require-member.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useNotificationCount } from '../layout/use-live-counters.ts';
import { formatFull, formatRelative } from '../messages/chat-time.ts';
import { useNow } from '../messages/use-now.ts';
import { notificationText } from './notification-text.ts';
import { notificationsKey, useNotificationPages, type NotificationPages } from './notification-pages.ts';
import { useQueryClient } from '@tanstack/react-query';
import { EmptyList } from '../../components/EmptyList.tsx';

const LOOK: Record<TNotificationType, { icon: Icon; color: string }> = {
  order_paid: { icon: IconCash, color: 'teal' },
  order_shipped: { icon: IconTruckDelivery, color: 'indigo' },
  order_completed: { icon: IconChecks, color: 'teal' },
  order_auto_completed: { icon: IconChecks, color: 'teal' },
  order_cancelled_unshipped: { icon: IconArrowBackUp, color: 'orange' },
  refund_requested: { icon: IconArrowBackUp, color: 'orange' },
  refund_approved: { icon: IconArrowBackUp, color: 'teal' },
  refund_rejected: { icon: IconArrowBackUp, color: 'red' },
  complaint_filed: { icon: IconGavel, color: 'orange' },
  complaint_resolved: { icon: IconGavel, color: 'teal' },
  review_received: { icon: IconStar, color: 'yellow' },
  tip_received: { icon: IconGift, color: 'pink' },
  transfer_received: { icon: IconCoin, color: 'teal' },
  offer_received: { icon: IconPackage, color: 'violet' },
  offer_countered: { icon: IconPackage, color: 'violet' },
  offer_accepted: { icon: IconPackage, color: 'teal' },
  recharge_approved: { icon: IconCoin, color: 'teal' },
  recharge_rejected: { icon: IconCoin, color: 'red' },
  withdrawal_approved: { icon: IconCash, color: 'teal' },
  withdrawal_rejected: { icon: IconCash, color: 'red' },
  points_redemption_approved: { icon: IconCoin, color: 'teal' },
  points_redemption_rejected: { icon: IconCoin, color: 'red' },
  invitation_accepted: { icon: IconUserPlus, color: 'violet' },
  invitation_rewarded: { icon: IconUserPlus, color: 'violet' },
  welcome_points: { icon: IconGift, color: 'grape' },
  warning: { icon: IconAlertTriangle, color: 'orange' },
  banned: { icon: IconAlertTriangle, color: 'red' },
  listing_rejected: { icon: IconGavel, color: 'red' },
  listing_taken_down: { icon: IconGavel, color: 'orange' },
  buying_request_closed: { icon: IconGavel, color: 'orange' },
};

function NotificationItem({ notification, now, onOpen }: { notification: TNotification; now: Date; onOpen: (n: TNotification) => void }) {
  const { t, i18n } = useTranslation('notifications');
  const text = notificationText(t, notification);
  const { icon: TypeIcon, color } = LOOK[notification.type];
  const unread = !notification.isRead;
  return (
    <UnstyledButton
      onClick={() => onOpen(notification)}
      aria-label={`${unread ? `${t('unread')}: ` : ''}${text.headline}. ${text.sentence ?? ''}`}
      data-testid="notification-item"
      data-unread={unread ? 'true' : 'false'}
      style={{ display: 'block', width: '100%', borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Paper
        withBorder
        radius="md"
        p="sm"
        style={{
          borderLeft: unread ? '3px solid var(--mantine-primary-color-filled)' : undefined,
          background: unread ? 'var(--mantine-primary-color-light)' : undefined,
        }}
      >
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" color={color} radius="xl" size={36} style={{ flexShrink: 0 }}>
            <TypeIcon size={20} stroke={1.6} aria-hidden />
          </ThemeIcon>
          <Box style={{ flex: 1, minWidth: 0 }}>
            <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
              <Text size="sm" fw={unread ? 700 : 600}>
                {text.headline}
              </Text>
              <Text size="xs" c="dimmed" style={{ flexShrink: 0 }} title={formatFull(notification.createdAt, i18n.resolvedLanguage)}>
                {formatRelative(notification.createdAt, now, i18n.resolvedLanguage)}
              </Text>
            </Group>
            {text.sentence && (
              <Text size="sm" c={unread ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
                {text.sentence}
              </Text>
            )}
            {text.details.map((detail) => (
              <Text key={detail} size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {detail}
              </Text>
            ))}
          </Box>
        </Group>
      </Paper>
    </UnstyledButton>
  );
}

/**
 * /notifications: what happened to the member's orders, money and account, newest first.
 * Opening one marks it read and goes to what it is about; "mark all read" clears the bell.
 */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const { user } = useRequireMember();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const now = useNow();
  const unread = useNotificationCount();
  useDocumentTitle(`${t('title')} · ${BRAND}`);
  const queryClient = useQueryClient();
  const list = useNotificationPages(user !== null);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  // a new notification raises the live count: show it without a reload
  const seenCount = useRef(unread);
  useEffect(() => {
    if (unread > seenCount.current) void utils.notifications.list.invalidate();
    seenCount.current = unread;
  }, [unread, utils]);

  const markLocally = (ids: string[] | null) =>
    queryClient.setQueryData<NotificationPages>(notificationsKey, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.map((item) => (ids === null || ids.includes(item.id) ? { ...item, isRead: true } : item)),
            })),
          }
        : data,
    );

  const markRead = trpc.notifications.markRead.useMutation();

  const open = (notification: TNotification) => {
    if (!notification.isRead) {
      markLocally([notification.id]);
      markRead.mutate({ ids: [notification.id] });
    }
    if (notification.link?.startsWith('/')) void navigate(notification.link);
  };

  const markAll = () =>
    markRead.mutate(
      {},
      {
        onSuccess: () => {
          markLocally(null);
          toasts.show({ color: 'green', message: t('allMarked') });
        },
        onError: (error) => toasts.show({ color: 'red', message: errorMessage(error) }),
      },
    );

  return (
    <Container size="md" px={{ base: 'sm', sm: 'md' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <PageHeader title={t('title')} subtitle={unread > 0 ? t('subtitleUnread', { count: unread }) : t('subtitle')} />
          <Button
            variant="light"
            leftSection={<IconChecks size={16} />}
            onClick={markAll}
            disabled={unread === 0 && !items.some((item) => !item.isRead)}
            loading={markRead.isPending && markRead.variables.ids === undefined}
          >
            {t('markAll')}
          </Button>
        </Group>
        {!user || list.isPending ? (
          <Center py={80}>
            <Loader aria-label={t('loading')} />
          </Center>
        ) : list.error ? (
          <Center py={80}>
            <Text c="dimmed">{errorMessage(list.error)}</Text>
          </Center>
        ) : items.length === 0 ? (
          <EmptyList icon={IconBellOff} title={t('empty')} hint={t('emptyHint')} />
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('title')}>
            {items.map((notification) => (
              <li key={notification.id}>
                <NotificationItem notification={notification} now={now} onOpen={open} />
              </li>
            ))}
          </Stack>
        )}
        {list.hasNextPage && (
          <Center>
            <Button variant="subtle" leftSection={<IconBell size={16} />} loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
              {t('loadMore')}
            </Button>
          </Center>
        )}
      </Stack>
    </Container>
  );
}
