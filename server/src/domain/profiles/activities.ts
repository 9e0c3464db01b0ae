import type { z } from 'zod';
import { sql } from 'kysely';
import type { ZProfileActivities, ZProfileActivitiesInput } from '@curio/shared';
import { ZActivityData, ZActivityType, type TActivity } from '@curio/shared';
import { DomainError } from '../domain-error.ts';
import { decodeNewestFirstCursor as decodeCursor, encodeNewestFirstCursor as encodeCursor } from '../newest-first-cursor.ts';
import { activityImageUrl, resolveProfileTarget } from './profile-target.ts';
import type { AppServices } from '../../app-services.ts';

/**
 * A profile's activity list, newest first, in pages. Others (and visitors) see only the
 * activities that were public when they happened; the owner sees all, hidden ones flagged.
 */
export async function profileActivities(
  services: AppServices,
  viewerId: string | null,
  input: z.output<typeof ZProfileActivitiesInput>,
): Promise<z.output<typeof ZProfileActivities>> {
  const { db } = services;
  const { userId, isOwn } = resolveProfileTarget(viewerId, input.userId);
  const exists = await db.selectFrom('profiles').select('user_id').where('user_id', '=', userId).executeTakeFirst();
  if (!exists) throw new DomainError('USER_NOT_FOUND');
  const after = input.cursor ? decodeCursor(input.cursor) : null;

  const rows = await db
    .selectFrom('user_activities')
    .select([
      'id',
      'activity_type',
      'related_id',
      'activity_data',
      'is_visible',
      'created_at',
      sql<string>`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('created_at_exact'),
    ])
    .where('user_id', '=', userId)
    .$if(!isOwn, (qb) => qb.where('is_visible', '=', true))
    .$if(after !== null, (qb) => qb.where(sql<boolean>`(created_at, id) < (${after!.createdAt}::timestamptz, ${after!.id}::uuid)`))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(input.limit + 1)
    .execute();

  const page = rows.slice(0, input.limit);
  const items: TActivity[] = [];
  for (const row of page) {
    const type = ZActivityType.safeParse(row.activity_type);
    if (!type.success) continue;
    const parsed = ZActivityData.safeParse(row.activity_data);
    const data = parsed.success ? parsed.data : {};
    items.push({
      id: row.id,
      type: type.data,
      relatedId: row.related_id,
      data: { ...data, image: activityImageUrl(data.image) },
      isVisible: row.is_visible,
      createdAt: row.created_at,
    });
  }
  const last = page.at(-1);
  return {
    items,
    nextCursor: rows.length > input.limit && last ? encodeCursor(last.created_at_exact, last.id) : null,
  };
}
