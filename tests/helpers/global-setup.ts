import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/src/db/database.ts';
import { migrateToLatest } from '../../server/src/db/migrate.ts';
import { databaseUrlFor, type TestDbSource } from './test-db-source.ts';

const TEMPLATE = `curio_template_${process.pid}`;

async function preparePostgresTemplate(adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE}`);
  } finally {
    await admin.end();
  }
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrlFor(adminUrl, TEMPLATE), poolSize: 1 });
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }
}

async function dropPostgresTemplate(adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // test databases a crashed worker left behind go too
    const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`curio_t_${process.pid}_%`]);
    for (const row of rows) await admin.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** testcontainers is imported lazily: with no Docker engine it fails in milliseconds. */
async function tryTestcontainers(): Promise<{ url: string; stop(): Promise<unknown> } | null> {
  if (process.env.CURIO_TESTCONTAINERS === 'off') return null;
  try {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer('postgres:17-alpine').start();
    return { url: container.getConnectionUri(), stop: () => container.stop() };
  } catch {
    return null;
  }
}

export default async function setup(project: TestProject) {
  const envUrl = process.env.TEST_DATABASE_URL;
  if (envUrl) {
    await preparePostgresTemplate(envUrl);
    project.provide('testDbSource', { kind: 'postgres', adminUrl: envUrl, template: TEMPLATE, origin: 'TEST_DATABASE_URL' } satisfies TestDbSource);
    console.log(`[tests] databases: PostgreSQL at TEST_DATABASE_URL (template ${TEMPLATE})`);
    return () => dropPostgresTemplate(envUrl);
  }

  const container = await tryTestcontainers();
  if (container) {
    await preparePostgresTemplate(container.url);
    project.provide('testDbSource', { kind: 'postgres', adminUrl: container.url, template: TEMPLATE, origin: 'testcontainers' } satisfies TestDbSource);
    console.log('[tests] databases: testcontainers PostgreSQL');
    return async () => {
      await container.stop();
    };
  }

  const dir = await mkdtemp(path.join(tmpdir(), 'curio-pglite-'));
  const dumpPath = path.join(dir, 'migrated.tar.gz');
  const handle = await openDatabase({ kind: 'pglite' });
  try {
    await migrateToLatest(handle.db);
    const dump = await handle.pglite!.dumpDataDir('gzip');
    await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await handle.close();
  }
  project.provide('testDbSource', { kind: 'pglite', dumpPath } satisfies TestDbSource);
  console.log('[tests] databases: embedded PGlite (set TEST_DATABASE_URL to use PostgreSQL; race and cross-process tests need it)');
  return () => rm(dir, { recursive: true, force: true });
}
