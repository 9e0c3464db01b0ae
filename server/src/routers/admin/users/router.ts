import { router } from '../../../trpc/init.ts';
import { adjustUsdn } from './adjust-usdn.ts';
import { ban, unban } from './ban.ts';
import { list } from './list.ts';

/** Spec 3 §2.3 users tab. */
export const adminUsersRouter = router({ list, ban, unban, adjustUsdn });
