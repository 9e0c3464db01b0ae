import { sql, type Kysely } from 'kysely';
import { activityPrivacyFrom, type TActivityData, type TActivityType } from '@curio/shared';
import type { Database } from '../../db/schema.ts';

export interface NewActivity {
  userId: string;
  type: TActivityType;
  /** The listing, buying request or order the activity is about. */
  relatedId: string | null;
  data: TActivityData;
}

/**
 * Appends one row to the user's activity feed, inside the caller's transaction so the activity
 * exists exactly when the action does. Visibility is the user's privacy flag for that type at
 * this moment and is never recomputed later (ADR 0011): turning a flag on does not publish
 * what was done while it was off, and turning it off does not hide what was already public.
 */
export async function recordActivity(trx: Kysely<Database>, activity: NewActivity): Promise<{ id: string; isVisible: boolean }> {
  const profile = await trx.selectFrom('profiles').select('activity_privacy').where('user_id', '=', activity.userId).executeTakeFirst();
  const isVisible = activityPrivacyFrom(profile?.activity_privacy)[activity.type];
  const row = await trx
    .insertInto('user_activities')
    .values({
      user_id: activity.userId,
      activity_type: activity.type,
      related_id: activity.relatedId,
      activity_data: sql`cast(${JSON.stringify(activity.data)} as jsonb)`,
      is_visible: isVisible,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, isVisible };
}
