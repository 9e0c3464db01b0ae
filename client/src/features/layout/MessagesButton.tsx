import { ActionIcon, Indicator } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMITS, badgeLabel } from '@curio/shared';
import { useUnreadCount } from './use-live-counters.ts';

/**
 * Top-bar messages button with the desktop badge cap (99+, rule I-8). Phones reach messages
 * through the bottom bar, whose badge caps at 9+, so the crowded top bar leaves it out there.
 */
export function MessagesButton() {
  const { t } = useTranslation('common');
  const unread = useUnreadCount();
  const badge = badgeLabel(unread, LIMITS.unreadBadgeCapDesktop);

  return (
    <Indicator visibleFrom="sm" label={badge} disabled={badge === null} size={16} offset={4} color="red" withBorder zIndex={2}>
      <ActionIcon
        component={Link}
        to="/messages"
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={unread > 0 ? t('messages.buttonUnread', { count: unread }) : t('messages.button')}
      >
        <IconMessageCircle size={20} stroke={1.6} />
      </ActionIcon>
    </Indicator>
  );
}
