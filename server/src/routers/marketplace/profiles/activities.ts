import { ZProfileActivities, ZProfileActivitiesInput } from '@curio/shared';
import { publicProcedure } from '../../../trpc/init.ts';
import { profileActivities } from '../../../domain/profiles/activities.ts';

/**
 * A profile's activity list, newest first, in pages. Others (and visitors) see only the
 * activities that were public when they happened; the owner sees all, hidden ones flagged.
 */
export const activities = publicProcedure
  .input(ZProfileActivitiesInput)
  .output(ZProfileActivities)
  .query(({ ctx, input }) => profileActivities(ctx.services, ctx.auth?.user.id ?? null, input));
