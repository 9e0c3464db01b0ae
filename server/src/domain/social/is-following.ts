import type { z } from 'zod';
import type { ZToggleFollowInput } from '@curio/shared';
import type { AppServices } from '../../app-services.ts';

/** Whether the caller follows a user (false for visitors), for follow buttons outside profiles. */
export async function followsMember(services: AppServices, viewerId: string | null, input: z.output<typeof ZToggleFollowInput>): Promise<boolean> {
  if (!viewerId || viewerId === input.userId) return false;
  const row = await services.db
    .selectFrom('user_follows')
    .select('follower_id')
    .where('follower_id', '=', viewerId)
    .where('following_id', '=', input.userId)
    .executeTakeFirst();
  return !!row;
}
