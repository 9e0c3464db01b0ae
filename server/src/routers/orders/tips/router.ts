import { router } from '../../../trpc/init.ts';
import { send } from './send.ts';
import { forOrder } from './for-order.ts';
import { presets } from './presets.ts';

/** Tips to the seller after a completed order (rule O-18). */
export const tipsRouter = router({ send, forOrder, presets });
