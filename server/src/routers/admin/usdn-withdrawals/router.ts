import { router } from '../../../trpc/init.ts';
import { list, stats } from './list.ts';
import { approve, reject } from './decide.ts';

/** Spec 3 §2.9 USDN withdrawals tab. */
export const adminUsdnWithdrawalsRouter = router({ list, stats, approve, reject });
