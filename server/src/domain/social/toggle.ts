import { sql, type Kysely } from 'kysely';
import type { TActivityData, TActivityType, TSocialTargetKind, TToggleResult } from '@curio/shared';
import type { Database } from '../../db/schema.ts';
import { runInTransaction, type Tx } from '../../db/transaction.ts';
import { DomainError } from '../domain-error.ts';
import { recordActivity } from '../activities/record-activity.ts';

export type ItemRelation = 'like' | 'favorite';

/** Where each (relation, kind) pair lives: the row table, its target column, the counter it keeps. */
const RELATIONS = {
  like: {
    listing: { table: 'listing_likes', column: 'listing_id', counter: 'likes_count', activity: 'like_listing' },
    buyingRequest: { table: 'buying_request_likes', column: 'request_id', counter: 'likes_count', activity: 'like_buying_request' },
  },
  favorite: {
    listing: { table: 'user_favorites', column: 'listing_id', counter: 'favorites_count', activity: 'favorite_listing' },
    buyingRequest: {
      table: 'buying_request_favorites',
      column: 'request_id',
      counter: 'favorites_count',
      activity: 'favorite_buying_request',
    },
  },
} as const satisfies Record<
  ItemRelation,
  Record<TSocialTargetKind, { table: string; column: string; counter: 'likes_count' | 'favorites_count'; activity: TActivityType }>
>;

interface LockedTarget {
  data: TActivityData;
}

/**
 * Locks the listing or buying request row for the rest of the transaction, so toggles on one
 * item run one after another: the count recomputed below then sees every committed row and
 * nobody else's half-done toggle (a plain `count = count + 1` would do too, but recounting
 * also repairs a counter some other path left wrong).
 */
async function lockTarget(trx: Tx, kind: TSocialTargetKind, id: string): Promise<LockedTarget> {
  if (kind === 'listing') {
    const row = await trx
      .selectFrom('listings')
      .select(['title', 'images', 'price_cents', 'category'])
      .where('id', '=', id)
      .forNoKeyUpdate()
      .executeTakeFirst();
    if (!row) throw new DomainError('LISTING_NOT_FOUND');
    return { data: { title: row.title, image: row.images[0] ?? null, price: row.price_cents, category: row.category } };
  }
  const row = await trx
    .selectFrom('buying_requests')
    .select(['title', 'images', 'budget_min_cents', 'budget_max_cents', 'category'])
    .where('id', '=', id)
    .forNoKeyUpdate()
    .executeTakeFirst();
  if (!row) throw new DomainError('BUYING_REQUEST_NOT_FOUND');
  return {
    data: {
      title: row.title,
      image: row.images[0] ?? null,
      budget_min: row.budget_min_cents,
      budget_max: row.budget_max_cents,
      category: row.category,
    },
  };
}

/**
 * Likes or favourites an item if the user has not, else takes it back; in one transaction
 * with the item's counter, which is set to the number of rows (never below 0, never drifting
 * under concurrent toggles). Adding records an activity (visibility per the user's flags);
 * taking it back removes that activity, so a profile never shows a like that no longer exists.
 */
export async function toggleItemRelation(
  db: Kysely<Database>,
  relation: ItemRelation,
  userId: string,
  target: { kind: TSocialTargetKind; id: string },
): Promise<TToggleResult> {
  const spec = RELATIONS[relation][target.kind];
  return runInTransaction(db, async (trx) => {
    const locked = await lockTarget(trx, target.kind, target.id);
    const removed = await sql<{ user_id: string }>`
      DELETE FROM ${sql.table(spec.table)}
      WHERE user_id = ${userId} AND ${sql.ref(spec.column)} = ${target.id}
      RETURNING user_id`.execute(trx);
    const active = removed.rows.length === 0;
    if (active) {
      await sql`
        INSERT INTO ${sql.table(spec.table)} (user_id, ${sql.ref(spec.column)})
        VALUES (${userId}, ${target.id})
        ON CONFLICT DO NOTHING`.execute(trx);
      await recordActivity(trx, { userId, type: spec.activity, relatedId: target.id, data: locked.data });
    } else {
      await trx
        .deleteFrom('user_activities')
        .where('user_id', '=', userId)
        .where('activity_type', '=', spec.activity)
        .where('related_id', '=', target.id)
        .execute();
    }
    const itemTable = target.kind === 'listing' ? 'listings' : 'buying_requests';
    const updated = await sql<{ count: number | string }>`
      UPDATE ${sql.table(itemTable)}
      SET ${sql.ref(spec.counter)} = (
        SELECT count(*) FROM ${sql.table(spec.table)} WHERE ${sql.ref(spec.column)} = ${target.id}
      )
      WHERE id = ${target.id}
      RETURNING ${sql.ref(spec.counter)} AS count`.execute(trx);
    return { active, count: Number(updated.rows[0]?.count ?? 0) };
  });
}

/** Followers of a user, counted from the rows (there is no stored counter to drift). */
export async function countFollowers(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('user_follows')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('following_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

function isSelfFollowViolation(error: unknown): boolean {
  const failure = error as { code?: unknown; constraint?: unknown; message?: unknown } | null;
  if (failure?.code !== '23514') return false;
  // pg names the constraint; PGlite only puts it in the message
  return failure.constraint === 'user_follows_not_self' || (typeof failure.message === 'string' && failure.message.includes('user_follows_not_self'));
}

/** Follows a user if not yet following, else unfollows; the count is the target's followers. */
export async function toggleFollow(db: Kysely<Database>, followerId: string, followingId: string): Promise<TToggleResult> {
  if (followerId === followingId) throw new DomainError('CANNOT_FOLLOW_SELF');
  try {
    return await runInTransaction(db, async (trx) => {
      // serialises toggles aimed at one user, as lockTarget does for items
      const target = await trx.selectFrom('profiles').select('user_id').where('user_id', '=', followingId).forNoKeyUpdate().executeTakeFirst();
      if (!target) throw new DomainError('USER_NOT_FOUND');
      const removed = await trx
        .deleteFrom('user_follows')
        .where('follower_id', '=', followerId)
        .where('following_id', '=', followingId)
        .returning('follower_id')
        .execute();
      const active = removed.length === 0;
      if (active) {
        await trx
          .insertInto('user_follows')
          .values({ follower_id: followerId, following_id: followingId })
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
      return { active, count: await countFollowers(trx, followingId) };
    });
  } catch (error) {
    if (isSelfFollowViolation(error)) throw new DomainError('CANNOT_FOLLOW_SELF');
    throw error;
  }
}
