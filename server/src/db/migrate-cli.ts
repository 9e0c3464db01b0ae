/** `npm run db:migrate`: brings DATABASE_URL (or the embedded database under DATA_DIR) up to date. */
import { loadConfigOrExit } from '../config.ts';
import { describeDatabase, openDatabaseOrExit } from './database.ts';
import { migrateToLatest } from './migrate.ts';

const config = loadConfigOrExit();
const handle = await openDatabaseOrExit(config);
try {
  const applied = await migrateToLatest(handle.db);
  console.log(applied.length ? `applied to ${describeDatabase(config)}: ${applied.join(', ')}` : `${describeDatabase(config)} is up to date`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await handle.close();
}
