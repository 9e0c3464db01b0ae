/**
 * Bulk seeding at benchmark scale (a million listings): the generator of
 * server/src/domain/feed/bulk-seed.ts, with the secondary indexes of listings and
 * buying_requests dropped first and rebuilt once at the end. Building a GIN index over a million
 * rows in one pass is several times faster than maintaining it row by row through a million
 * inserts; the primary keys stay (the generator needs nothing else). Meant for a scratch
 * database only: while it runs the feed has no indexes.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../server/src/db/schema.ts';
import { seedBulkMarketplace } from '../server/src/domain/feed/bulk-seed.ts';

const TABLES = ['listings', 'buying_requests'] as const;

export async function seedWithDeferredIndexes(
  db: Kysely<Database>,
  options: { listings: number; requests: number; onProgress?: (message: string) => void },
): Promise<{ seconds: number; indexSeconds: number }> {
  const report = options.onProgress ?? (() => {});
  const started = performance.now();
  const { rows } = await sql<{ name: string; definition: string }>`
    SELECT i.indexname AS name, i.indexdef AS definition
    FROM pg_indexes AS i
    JOIN pg_class AS c ON c.relname = i.indexname
    JOIN pg_index AS x ON x.indexrelid = c.oid
    WHERE i.schemaname = 'public' AND i.tablename IN (${sql.join(TABLES.map((t) => sql.lit(t)))})
      AND NOT x.indisprimary AND NOT x.indisunique`.execute(db);
  for (const index of rows) await sql`DROP INDEX ${sql.id(index.name)}`.execute(db);
  report(`dropped ${rows.length} secondary indexes`);
  // on failure the indexes stay dropped: the caller treats the database as unseeded and recreates it
  await seedBulkMarketplace(db, { listings: options.listings, requests: options.requests, batchSize: 25_000, onProgress: report });
  const indexStarted = performance.now();
  // one connection, so the session setting holds for every CREATE INDEX
  await db.connection().execute(async (conn) => {
    await sql`SET maintenance_work_mem = '512MB'`.execute(conn);
    for (const index of rows) {
      await sql.raw(index.definition).execute(conn);
      report(`rebuilt ${index.name}`);
    }
  });
  await sql`ANALYZE listings`.execute(db);
  await sql`ANALYZE buying_requests`.execute(db);
  const indexSeconds = (performance.now() - indexStarted) / 1000;
  report(`indexes rebuilt in ${indexSeconds.toFixed(1)} s`);
  return { seconds: (performance.now() - started) / 1000, indexSeconds };
}
