/**
 * `node scripts/seed-bulk-listings.ts [listings=100000] [requests=listings/10] [--defer-indexes]`:
 * adds synthetic listings and buying requests to DATABASE_URL for the feed benchmark
 * (scripts/bench/feed.ts), then ANALYZEs. Migrates first. Meant for a scratch database:
 *   psql -c 'CREATE DATABASE curio_bench'
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/curio_bench node scripts/seed-bulk-listings.ts
 * --defer-indexes drops the secondary indexes of the two tables for the seed and rebuilds them
 * after (much faster at a million rows; the feed has no indexes meanwhile). `npm run bench:feed`
 * creates and seeds its own database this way.
 */
import { openDatabase } from '../server/src/db/database.ts';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import { seedBulkMarketplace } from '../server/src/domain/feed/bulk-seed.ts';
import { seedWithDeferredIndexes } from './bulk-seed-deferred-indexes.ts';

function countArgument(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const count = Number(value);
  if (!Number.isSafeInteger(count) || count < 0) throw new Error(`${name} must be a whole number, got ${value}`);
  return count;
}

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is required: the bulk seed is for a real PostgreSQL scratch database');
  process.exit(1);
}
const deferIndexes = process.argv.includes('--defer-indexes');
const positional = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const listings = countArgument(positional[0], 100_000, 'listings');
const requests = countArgument(positional[1], Math.round(listings / 10), 'requests');

const handle = await openDatabase({ kind: 'postgres', url });
try {
  await migrateToLatest(handle.db);
  const started = performance.now();
  const onProgress = (message: string) => console.log(message);
  if (deferIndexes) await seedWithDeferredIndexes(handle.db, { listings, requests, onProgress });
  else await seedBulkMarketplace(handle.db, { listings, requests, onProgress });
  console.log(`seeded ${listings} listings and ${requests} buying requests in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await handle.close();
}
