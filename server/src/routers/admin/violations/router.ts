import { router } from '../../../trpc/init.ts';
import { act } from './act.ts';
import { list, stats } from './list.ts';

/** Spec 3 §2.6 message violations tab. */
export const adminViolationsRouter = router({ list, stats, act });
