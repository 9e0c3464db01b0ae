/**
 * `npx tsx scripts/seed-bulk-listings.ts [listings=100000] [requests=listings/10]`: adds
 * synthetic listings and buying requests to DATABASE_URL for the feed benchmark
 * (scripts/bench/feed.ts), then ANALYZEs. Migrates first. Meant for a scratch database:
 *   psql -c 'CREATE DATABASE curio_bench'
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/curio_bench npx tsx scripts/seed-bulk-listings.ts
 */
import { openDatabase } from '../server/src/db/database.ts';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import { seedBulkMarketplace } from '../server/src/services/feed/bulk-seed.ts';

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
const listings = countArgument(process.argv[2], 100_000, 'listings');
const requests = countArgument(process.argv[3], Math.round(listings / 10), 'requests');

const handle = await openDatabase({ kind: 'postgres', url });
try {
  await migrateToLatest(handle.db);
  const started = performance.now();
  await seedBulkMarketplace(handle.db, { listings, requests, onProgress: (message) => console.log(message) });
  console.log(`seeded ${listings} listings and ${requests} buying requests in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await handle.close();
}
