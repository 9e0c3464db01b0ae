import { router } from '../../../trpc/init.ts';
import { create } from './create.ts';
import { mine } from './mine.ts';

/** Invitation management (spec 2 §2 "Invitations", §4, §7). */
export const invitationsRouter = router({ create, mine });
