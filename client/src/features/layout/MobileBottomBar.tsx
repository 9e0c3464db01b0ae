import { Indicator } from '@mantine/core';
import { IconCirclePlus, IconHome, IconMessageCircle, IconUser } from '@tabler/icons-react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMITS, badgeLabel } from '@curio/shared';
import { useUnreadCount } from './use-live-counters.ts';
import classes from './layout.module.css';

/** Phone-width bottom bar: Home, Publish, Messages (badge capped at 9+), Profile. */
export function MobileBottomBar() {
  const { t } = useTranslation('common');
  const unread = useUnreadCount();
  const badge = badgeLabel(unread, LIMITS.unreadBadgeCapMobile);

  const items = [
    { to: '/', label: t('nav.home'), Icon: IconHome, end: true },
    { to: '/create', label: t('nav.publish'), Icon: IconCirclePlus, end: false },
    { to: '/messages', label: t('nav.messages'), Icon: IconMessageCircle, end: false, badge },
    { to: '/profile', label: t('nav.profile'), Icon: IconUser, end: false },
  ];

  return (
    <nav aria-label={t('nav.mobile')} className={classes.bottomBar} style={{ height: '100%' }}>
      {items.map(({ to, label, Icon, end, badge: itemBadge }) => (
        <NavLink
          key={to}
          to={to}
          end={end}
          className={classes.bottomItem}
          aria-label={itemBadge ? t('messages.buttonUnread', { count: unread }) : undefined}
        >
          <Indicator label={itemBadge} disabled={!itemBadge} size={15} offset={2} color="red" withBorder>
            <Icon size={24} stroke={1.6} aria-hidden />
          </Indicator>
          <span>{label}</span>
        </NavLink>
      ))}
    </nav>
  );
}
