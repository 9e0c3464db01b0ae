import { router } from '../../../trpc/init.ts';
import { list, stats } from './list.ts';
import { approve, reject } from './decide.ts';

/** The USDT top-up tab (rule AD-22). */
export const adminUsdtRechargesRouter = router({ list, stats, approve, reject });
