import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { onRealPostgres, NEEDS_POSTGRES } from '../../helpers/test-db.ts';
import { insertTestUser } from '../../helpers/users.ts';
import { databaseConfigFrom, openDatabase } from '../../../server/src/db/database.ts';
import { migrateToLatest } from '../../../server/src/db/migrate.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../server/src/db/schema.ts';
import { fund } from './ledger-fixtures.ts';

test.override('poolSize', 2);

const root = fileURLToPath(new URL('../../../', import.meta.url));

function runCheck(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const { DATABASE_URL: _ignored, DATA_DIR: _alsoIgnored, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(process.execPath, ['scripts/check-ledger.ts'], { cwd: root, env: { ...inherited, ...env } }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

async function breakOneBalance(db: Kysely<Database>, userId: string): Promise<void> {
  await db.updateTable('ledger_accounts').set({ balance: 999 }).where('user_id', '=', userId).where('currency', '=', 'usdn').execute();
}

describe('scripts/check-ledger.ts on an embedded database (DATA_DIR)', () => {
  let dataDir: string;
  let userId: string;

  // the script reads an embedded database from disk, so this part makes its own in a data dir
  test.beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'curio-check-ledger-'));
    const handle = await openDatabase(databaseConfigFrom({ databaseUrl: null, dataDir }));
    try {
      await migrateToLatest(handle.db);
      userId = (await insertTestUser(handle.db)).id;
      await fund(handle.db, userId, 'usdn', 1_500);
      await fund(handle.db, userId, 'points', 20);
    } finally {
      await handle.close();
    }
  });
  test.afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  test('a healthy ledger exits 0 with a summary', async () => {
    const result = await runCheck({ DATA_DIR: dataDir });
    expect(result.stderr).not.toMatch(/violation/);
    expect(result.stdout).toMatch(/2 transfers; sums usdn=0 points=0/);
    expect(result.code).toBe(0);
  });

  test('a balance that disagrees with its transfers exits 1 and names the account', async () => {
    const handle = await openDatabase(databaseConfigFrom({ databaseUrl: null, dataDir }));
    try {
      await breakOneBalance(handle.db, userId);
    } finally {
      await handle.close();
    }
    const result = await runCheck({ DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    // issuance holds -1500, the tampered account 999
    expect(result.stderr).toMatch(/usdn sums to -501, not 0/);
    expect(result.stderr).not.toMatch(/points sums/);
    expect(result.stderr).toMatch(new RegExp(`usdn/user_available/${userId}\\) holds 999, its transfers give 1500`));
  });

  test('a DATA_DIR without a database exits 1 instead of checking an empty new one', async () => {
    const result = await runCheck({ DATA_DIR: path.join(dataDir, 'missing') });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/no embedded database/);
  });
});

describe('scripts/check-ledger.ts on PostgreSQL (DATABASE_URL)', () => {
  if (!onRealPostgres()) console.warn(`[ledger/check-ledger] DATABASE_URL case skipped: ${NEEDS_POSTGRES}`);

  test.skipIf(!onRealPostgres())('exits 0 on a healthy ledger and 1 once a balance drifts (real PostgreSQL)', async ({ db }) => {
    const { db: kysely, url } = db;
    const user = await insertTestUser(kysely);
    await fund(kysely, user.id, 'usdn', 700);
    const healthy = await runCheck({ DATABASE_URL: url! });
    expect(healthy.code).toBe(0);
    expect(healthy.stdout).toMatch(/checking the ledger of DATABASE_URL/);

    await breakOneBalance(kysely, user.id);
    const broken = await runCheck({ DATABASE_URL: url! });
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/holds 999, its transfers give 700/);
  });
});
