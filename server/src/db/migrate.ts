import type { Kysely } from 'kysely';
import { Migrator, type MigrationProvider } from 'kysely/migration';
import { migrations } from '../../../migrations/index.ts';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Runs every pending migration; throws (and the caller exits) if any fails. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- runs before and regardless of the typed schema
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : JSON.stringify(error ?? null);
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
  return (results ?? []).map((r) => r.migrationName);
}

/** Migrations this code knows that the database has not run: empty when it is current. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- reads kysely's own table, outside the typed schema
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  const known = await new Migrator({ db, provider }).getMigrations();
  return known.filter((migration) => !migration.executedAt).map((migration) => migration.name);
}
