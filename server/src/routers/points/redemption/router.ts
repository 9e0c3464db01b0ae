import { router } from '../../../trpc/init.ts';
import { create } from './create.ts';
import { mine } from './mine.ts';

/** The older points redemption screen (rules P-7 to P-11; ADR 0016). */
export const redemptionRouter = router({ create, mine });
