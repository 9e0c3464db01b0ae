import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { openDatabase, type DbHandle } from '../../server/src/db/database.ts';
import { databaseUrlFor } from './test-db-source.ts';

export interface TestDatabase extends DbHandle {
  /** Connection string of this file's own database (PostgreSQL only). */
  url?: string;
}

/** A fresh, migrated database for one test file, dropped again by close(). */
export async function createTestDatabase(options: { poolSize?: number } = {}): Promise<TestDatabase> {
  const source = inject('testDbSource');
  if (source.kind === 'pglite') {
    const dump = await readFile(source.dumpPath);
    const pglite = await PGlite.create({ loadDataDir: new Blob([dump]) });
    return openDatabase({ kind: 'pglite-instance', pglite });
  }
  const name = `curio_t_${process.ppid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: source.adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${source.template}`);
  } finally {
    await admin.end();
  }
  const url = databaseUrlFor(source.adminUrl, name);
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: options.poolSize ?? 20 });
  return {
    ...handle,
    url,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: source.adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/** True when this run's databases are real PostgreSQL (races and LISTEN/NOTIFY are real). */
export function onRealPostgres(): boolean {
  return inject('testDbSource').kind === 'postgres';
}

/** The reason printed when a test needs real PostgreSQL and this run has none. */
export const NEEDS_POSTGRES =
  'needs real PostgreSQL (PGlite is single-connection and in-process): set TEST_DATABASE_URL, e.g. postgres://root@127.0.0.1:5432/test';
