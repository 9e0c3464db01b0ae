import { router } from '../../trpc/init.ts';
import { tipsRouter } from './tips/router.ts';

/** Spec 2: purchase, the order lifecycle, order lists and export; tips after completion. */
export const ordersRouter = router({
  tips: tipsRouter,
});
