import { router } from '../../../trpc/init.ts';
import { adjustUsdn } from './adjust-usdn.ts';
import { ban, unban } from './ban.ts';
import { list } from './list.ts';

/** The users tab (rules AD-8 and AD-9). */
export const adminUsersRouter = router({ list, ban, unban, adjustUsdn });
