import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMITS, badgeLabel } from '@curio/shared';
import { useNotificationCount } from '../layout/use-live-counters.ts';

/** Top-bar bell with the live count of unread notifications (capped like the chat badge). */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const unread = useNotificationCount();
  const badge = badgeLabel(unread, LIMITS.unreadBadgeCapDesktop);
  return (
    <Indicator label={badge} disabled={badge === null} size={16} offset={4} color="red" withBorder zIndex={2}>
      <ActionIcon
        component={Link}
        to="/notifications"
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={unread > 0 ? t('bellUnread', { count: unread }) : t('bell')}
      >
        <IconBell size={20} stroke={1.6} />
      </ActionIcon>
    </Indicator>
  );
}
