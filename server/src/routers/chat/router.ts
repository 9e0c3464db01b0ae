import { router } from '../../trpc/init.ts';
import { unreadCount } from './unread-count.ts';
import { onUnreadCount } from './on-unread-count.ts';
import { send } from './send-message.ts';
import { conversations } from './conversations.ts';
import { thread } from './thread.ts';
import { markRead } from './mark-read.ts';
import { block, unblock } from './block.ts';
import { blocked } from './blocked.ts';
import { peer } from './peer.ts';
import { onMessages } from './on-messages.ts';
import { onBlockState } from './on-block-state.ts';

/** The messages centre (rules C-1 to C-9): conversations, threads, live delivery, read marking, blocking. */
export const chatRouter = router({
  unreadCount,
  onUnreadCount,
  send,
  conversations,
  thread,
  markRead,
  block,
  unblock,
  blocked,
  peer,
  onMessages,
  onBlockState,
});
