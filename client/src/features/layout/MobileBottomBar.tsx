import { Indicator } from '@mantine/core';
import { IconCirclePlus, IconHome, IconMessageCircle, IconUser } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMITS, badgeLabel } from '@curio/shared';
import { useUnreadCount } from './use-live-counters.ts';
import { useSession } from '../auth/use-session.ts';
import classes from './layout.module.css';

/** Phone-width bottom bar: Home, Publish, Messages (badge capped at 9+), Profile. */
export function MobileBottomBar() {
  const { t } = useTranslation('common');
  const unread = useUnreadCount();
  const badge = badgeLabel(unread, LIMITS.unreadBadgeCapMobile);
  const { pathname } = useLocation();
  const { user } = useSession();
  // "Me" is the member's own area, not every /profile/... page: another member's profile is not yours
  const ownArea =
    ['/profile', '/profile/edit', '/curio-center', '/privacy-settings'].includes(pathname) || (user !== null && pathname === `/profile/${user.id}`);

  const items = [
    { to: '/', label: t('nav.home'), Icon: IconHome, current: pathname === '/' },
    { to: '/create', label: t('nav.publish'), Icon: IconCirclePlus, current: pathname.startsWith('/create') },
    { to: '/messages', label: t('nav.messages'), Icon: IconMessageCircle, current: pathname.startsWith('/messages'), badge },
    { to: '/profile', label: t('nav.profile'), Icon: IconUser, current: ownArea },
  ];

  return (
    <nav aria-label={t('nav.mobile')} className={classes.bottomBar} style={{ height: '100%' }}>
      {items.map(({ to, label, Icon, badge: itemBadge, current }) => (
        <Link
          key={to}
          to={to}
          className={classes.bottomItem}
          aria-current={current ? 'page' : undefined}
          aria-label={itemBadge ? t('messages.buttonUnread', { count: unread }) : undefined}
        >
          <Indicator label={itemBadge} disabled={!itemBadge} size={15} offset={2} color="red" withBorder>
            <Icon size={24} stroke={1.6} aria-hidden />
          </Indicator>
          <span>{label}</span>
        </Link>
      ))}
    </nav>
  );
}
