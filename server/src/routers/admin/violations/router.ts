import { router } from '../../../trpc/init.ts';
import { act } from './act.ts';
import { list, stats } from './list.ts';

/** The message violations tab (rules AD-15 and AD-16). */
export const adminViolationsRouter = router({ list, stats, act });
