import { sql, type Kysely } from 'kysely';

/**
 * The feed shows every active buying request, not only open ones (ADR 0035): a request whose
 * offers are full, or under negotiation, stays in the feed until it is closed, expires or ends
 * in a deal. The feed's partial indexes on buying_requests were built for `status = 'open'`;
 * each is rebuilt under its own name for the active statuses, so the feed query (which writes
 * the same list as literals) is still served by them.
 */
const ACTIVE = `status IN ('open', 'offer_limit_reached', 'in_negotiation')`;

const INDEXES: [name: string, definition: string][] = [
  ['buying_requests_feed_latest_idx', `ON buying_requests (created_at DESC, id DESC)`],
  ['buying_requests_feed_search_idx', `ON buying_requests USING gin (search_grams)`],
  ['buying_requests_feed_hot_idx', `ON buying_requests (offer_count DESC, created_at DESC, id DESC)`],
  ['buying_requests_feed_likes_idx', `ON buying_requests (likes_count DESC, created_at DESC, id DESC)`],
  ['buying_requests_feed_favorites_idx', `ON buying_requests (favorites_count DESC, created_at DESC, id DESC)`],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // one statement per query: prepared statements (pg and PGlite) take a single command
  for (const [name, definition] of INDEXES) {
    await sql.raw(`DROP INDEX ${name}`).execute(db);
    await sql.raw(`CREATE INDEX ${name} ${definition} WHERE ${ACTIVE}`).execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore from a backup instead');
}
