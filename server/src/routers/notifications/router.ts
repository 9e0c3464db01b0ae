import { router } from '../../trpc/init.ts';
import { list } from './list.ts';
import { onUnreadCount, unreadCount } from './unread-count.ts';
import { markRead } from './mark-read.ts';

/** The notification centre: what happened to the member's orders, money and account. */
export const notificationsRouter = router({ list, unreadCount, onUnreadCount, markRead });
