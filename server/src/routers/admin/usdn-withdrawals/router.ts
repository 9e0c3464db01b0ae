import { router } from '../../../trpc/init.ts';
import { list, stats } from './list.ts';
import { approve, reject } from './decide.ts';

/** The USDN withdrawals tab (rule AD-23). */
export const adminUsdnWithdrawalsRouter = router({ list, stats, approve, reject });
