import { router } from '../../../trpc/init.ts';
import { list, stats } from './list.ts';
import { approve, reject } from './decide.ts';

/** Spec 3 §2.8 USDT top-up tab. */
export const adminUsdtRechargesRouter = router({ list, stats, approve, reject });
