import { router } from '../../../trpc/init.ts';
import { create } from './create.ts';
import { mine } from './mine.ts';

/** The older points redemption screen (spec 2 §2, §4, §5; ADR 0016). */
export const redemptionRouter = router({ create, mine });
