import { router } from '../../trpc/init.ts';
import { unreadCount } from './unread-count.ts';
import { onUnreadCount } from './on-unread-count.ts';

export const chatRouter = router({
  unreadCount,
  onUnreadCount,
});
