/**
 * The feed bench's database: created on the bench's PostgreSQL server, migrated, and bulk-seeded
 * once. A completed seed is recorded in the database's COMMENT, so a later run with the same
 * dataset size reuses it (seeding a million listings takes minutes) and a half-done one is redone.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../../server/src/db/database.ts';
import { migrateToLatest } from '../../server/src/db/migrate.ts';
import { seedWithDeferredIndexes } from '../bulk-seed-deferred-indexes.ts';
import { databaseExists, databaseUrl, recreateDatabase } from './lib/common.ts';

export interface FeedDataset {
  url: string;
  listings: number;
  requests: number;
  /** Seconds the seed took in this run; null when an existing seed was reused. */
  seedSeconds: number | null;
  indexSeconds: number | null;
}

const marker = (listings: number, requests: number) => `curio-bench-feed listings=${listings} requests=${requests} complete`;

async function commentOf(name: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: databaseUrl('postgres') });
  await client.connect();
  try {
    const { rows } = await client.query<{ comment: string | null }>(
      `SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1`,
      [name],
    );
    return rows[0]?.comment ?? null;
  } finally {
    await client.end();
  }
}

export async function ensureFeedDataset(name: string, listings: number, requests: number, log: (line: string) => void = console.log): Promise<FeedDataset> {
  const url = databaseUrl(name);
  if ((await databaseExists(name)) && (await commentOf(name)) === marker(listings, requests)) {
    log(`reusing ${name}: already seeded with ${listings} listings and ${requests} buying requests`);
    // a newer migration may have landed since the seed
    const handle = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
    try {
      await migrateToLatest(handle.db);
    } finally {
      await handle.close();
    }
    return { url, listings, requests, seedSeconds: null, indexSeconds: null };
  }
  log(`creating ${name} and seeding ${listings} listings and ${requests} buying requests`);
  await recreateDatabase(name);
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
  try {
    await migrateToLatest(handle.db);
    let last = 0;
    const timing = await seedWithDeferredIndexes(handle.db, {
      listings,
      requests,
      onProgress: (line) => {
        // progress every ~10 s is enough on a terminal
        if (!/^(listings|buying requests) \d/.test(line) || performance.now() - last > 10_000) {
          last = performance.now();
          log(line);
        }
      },
    });
    await sql.raw(`COMMENT ON DATABASE "${name}" IS '${marker(listings, requests)}'`).execute(handle.db);
    log(`seeded in ${timing.seconds.toFixed(1)} s (of which ${timing.indexSeconds.toFixed(1)} s rebuilding indexes)`);
    return { url, listings, requests, seedSeconds: timing.seconds, indexSeconds: timing.indexSeconds };
  } finally {
    await handle.close();
  }
}
