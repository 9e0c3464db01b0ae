/**
 * `npm run seed`: fills DATABASE_URL (or the embedded database under DATA_DIR) with the demo
 * marketplace and prints the demo logins. Migrates first; refuses a database that has users.
 * Stop a server using the same embedded database first: it belongs to one process (db/embedded-lock.ts).
 */
import { loadConfigOrExit } from '../server/src/config.ts';
import { systemClock } from '../server/src/clock.ts';
import { describeDatabase, openDatabaseOrExit } from '../server/src/db/database.ts';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import { DatabaseNotEmptyError, seedDemoMarketplace } from '../server/src/db/seed-demo.ts';
import { LocalEventBus } from '../server/src/realtime/local-event-bus.ts';
import { createMailer } from '../server/src/mail/create-mailer.ts';
import type { AppServices } from '../server/src/app-services.ts';

const config = loadConfigOrExit();
const handle = await openDatabaseOrExit(config);
const where = describeDatabase(config);
try {
  await migrateToLatest(handle.db);
  // nobody listens to a one-off script's events: an in-process bus is enough
  const services: AppServices = {
    config,
    dbHandle: handle,
    db: handle.db,
    clock: systemClock,
    events: new LocalEventBus(),
    mailer: createMailer(config, handle.db),
  };
  const logins = await seedDemoMarketplace(services);
  console.log(`Seeded a demo marketplace into ${where}; images are under ${config.dataDir}/uploads. Demo logins:`);
  for (const login of logins) console.log(`  ${login.role.padEnd(6)} ${login.email}  /  ${login.password}`);
} catch (error) {
  if (error instanceof DatabaseNotEmptyError) {
    console.error(`${error.message}: ${where}`);
  } else {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  }
  process.exitCode = 1;
} finally {
  await handle.close();
}
