import { router } from '../../trpc/init.ts';
import { center } from './center.ts';
import { rewards } from './rewards.ts';
import { checkIn } from './check-in.ts';
import { redemptionRouter } from './redemption/router.ts';
import { invitationsRouter } from './invitations/router.ts';

/** Curio points: the center, daily check-in, points redemption and invitations (rules P-1 to P-16; ADR 0016). */
export const pointsRouter = router({
  center,
  rewards,
  checkIn,
  redemption: redemptionRouter,
  invitations: invitationsRouter,
});
