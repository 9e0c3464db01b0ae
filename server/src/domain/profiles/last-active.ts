import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A member counts as "just visited" for an hour, so a write every few minutes is plenty. */
export const LAST_ACTIVE_THROTTLE_MS = 5 * 60 * 1000;

/**
 * Moves the member's last_active_at to now, at most once per throttle window: the WHERE
 * makes it a no-op (no row write) while the stored time is recent.
 */
export async function touchLastActive(db: Kysely<Database>, userId: string, now: Date): Promise<void> {
  await db
    .updateTable('profiles')
    .set({ last_active_at: now })
    .where('user_id', '=', userId)
    .where('last_active_at', '<', new Date(now.getTime() - LAST_ACTIVE_THROTTLE_MS))
    .execute();
}
