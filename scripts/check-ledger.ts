/**
 * `npm run check:ledger`: verifies the ledger of the configured database (DATABASE_URL, or the
 * embedded PGlite under DATA_DIR) and exits 1 with a report when any invariant is broken:
 * a currency that does not sum to zero, an account whose balance differs from its transfers,
 * a negative user balance, or a transfer that mixes currencies. Read-only: never migrates.
 */
import { loadConfigOrExit } from '../server/src/config.ts';
import { databaseConfigFrom, describeDatabase, embeddedDatabaseDir, embeddedDatabaseExists, openDatabase, type DbHandle } from '../server/src/db/database.ts';
import { formatLedgerReport, verifyLedger } from '../server/src/domain/ledger/verify-ledger.ts';

async function main(): Promise<number> {
  const config = loadConfigOrExit();
  let handle: DbHandle;
  if (config.databaseUrl) {
    handle = await openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: 1 });
    console.log('checking the ledger of DATABASE_URL');
  } else {
    // opening a missing directory would create an empty database and report a healthy ledger
    if (!embeddedDatabaseExists(config)) {
      console.error(`no embedded database at ${embeddedDatabaseDir(config)} (set DATA_DIR or DATABASE_URL)`);
      return 1;
    }
    handle = await openDatabase(databaseConfigFrom(config));
    console.log(`checking the ledger of ${describeDatabase(config)}`);
  }
  try {
    const report = await verifyLedger(handle.db);
    const text = formatLedgerReport(report);
    if (report.ok) console.log(text);
    else console.error(text);
    return report.ok ? 0 : 1;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error('ledger check failed to run:', error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
