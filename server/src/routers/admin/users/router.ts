import { router } from '../../../trpc/init.ts';
import { adjustUsdn } from './adjust-usdn.ts';
import { ban, endSessions, unban } from './ban.ts';
import { list } from './list.ts';
import { setRole } from './set-role.ts';
import { get, history } from './detail.ts';
import { exportCsv } from './export-csv.ts';

/** The users tab (rules AD-8, AD-9 and AD-28 to AD-30). */
export const adminUsersRouter = router({ list, get, history, ban, unban, endSessions, adjustUsdn, setRole, exportCsv });
