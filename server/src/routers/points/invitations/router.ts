import { router } from '../../../trpc/init.ts';
import { create } from './create.ts';
import { mine } from './mine.ts';

/** Invitation management (rules P-12 to P-15). */
export const invitationsRouter = router({ create, mine });
