import type { Kysely } from 'kysely';
import { DEFAULT_TIME_ZONE, isTimeZone } from '@curio/shared';
import type { Database } from '../../db/schema.ts';

/** The zone a member's calendar follows: the one asked for, else their profile's, else the default. */
export async function memberTimeZone(db: Kysely<Database>, userId: string, requested?: string): Promise<string> {
  if (requested) return requested;
  const profile = await db.selectFrom('profiles').select('time_zone').where('user_id', '=', userId).executeTakeFirst();
  const stored = profile?.time_zone;
  return stored && isTimeZone(stored) ? stored : DEFAULT_TIME_ZONE;
}
