import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, type CompiledQuery, type DatabaseConnection, type Dialect, type QueryResult } from 'kysely';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from './schema.ts';
import type { AppConfig } from '../config.ts';
import { dbStatements, watchPool } from '../observability/metrics.ts';
import { EmbeddedDatabaseInUseError, lockEmbeddedDatabase } from './embedded-lock.ts';
import { endsSession } from './pg-errors.ts';
import { componentLogger } from '../observability/logger.ts';

const log = componentLogger('db');

/**
 * The one factory for a database handle (engineering rule E-2): real PostgreSQL through `pg`
 * when a URL is given, an embedded PGlite otherwise. Both speak the same SQL.
 */
export type DbConfig =
  { kind: 'postgres'; url: string; poolSize?: number } | { kind: 'pglite'; dataDir?: string } | { kind: 'pglite-instance'; pglite: PGlite };

export interface DbHandle {
  db: Kysely<Database>;
  kind: 'postgres' | 'pglite';
  /** The PGlite instance, when embedded: used for in-process LISTEN/NOTIFY. */
  pglite?: PGlite;
  /** The connection string, when on PostgreSQL: used to open a dedicated LISTEN client. */
  url?: string;
  close(): Promise<void>;
}

/**
 * The embedded database lives in its own folder under DATA_DIR, beside `uploads/`, so copying
 * or dumping the database never drags the images along (and PGlite owns its folder alone).
 */
export function embeddedDatabaseDir(config: Pick<AppConfig, 'dataDir'>): string {
  return path.join(config.dataDir, 'pglite');
}

export function embeddedDatabaseExists(config: Pick<AppConfig, 'dataDir'>): boolean {
  return existsSync(path.join(embeddedDatabaseDir(config), 'PG_VERSION'));
}

/** DATABASE_URL set: PostgreSQL; unset: the embedded PGlite under DATA_DIR. */
export function databaseConfigFrom(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): DbConfig {
  return config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: embeddedDatabaseDir(config) };
}

/** Where the configured database is, for log lines. */
export function describeDatabase(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): string {
  return config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database at ${embeddedDatabaseDir(config)}`;
}

let pgTypesConfigured = false;

/** int8 and numeric come back from `pg` as strings; parse them once, here (engineering rule E-2). */
function configurePgTypes(): void {
  if (pgTypesConfigured) return;
  pgTypesConfigured = true;
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => {
    const n = Number(value);
    if (!Number.isSafeInteger(n)) throw new RangeError(`int8 out of safe range: ${value}`);
    return n;
  });
  pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
}

/**
 * Counts every statement a connection of `dialect` sends (curio_db_statements_total). It wraps
 * the connection rather than using a Kysely plugin because plugins never see the BEGIN and
 * COMMIT the driver sends, and those are round trips too. A connection is wrapped once: pg
 * clients are reused, PGlite hands the same connection to queued callers.
 */
function countingStatements(dialect: Dialect): Dialect {
  const counted = new WeakSet<DatabaseConnection>();
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => {
      const driver = dialect.createDriver();
      const acquire = driver.acquireConnection.bind(driver);
      driver.acquireConnection = async () => {
        const connection = await acquire();
        if (!counted.has(connection)) {
          counted.add(connection);
          const execute = connection.executeQuery.bind(connection);
          connection.executeQuery = <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
            dbStatements.inc();
            return execute<R>(query);
          };
          const stream = connection.streamQuery.bind(connection);
          connection.streamQuery = <R>(query: CompiledQuery, chunkSize: number): AsyncIterableIterator<QueryResult<R>> => {
            dbStatements.inc();
            return stream<R>(query, chunkSize);
          };
        }
        return connection;
      };
      return driver;
    },
  };
}

export async function openDatabase(config: DbConfig): Promise<DbHandle> {
  if (config.kind === 'postgres') {
    configurePgTypes();
    const pool = new pg.Pool({ connectionString: config.url, max: config.poolSize ?? 10 });
    let closing = false;
    // an idle client's network error must not crash the process; the pool replaces it.
    // Once we are closing, connections ended by the server (e.g. DROP DATABASE) are expected.
    pool.on('error', (error) => {
      if (!closing) log.error({ err: error }, 'idle client error');
    });
    // The pool listens only while a client is idle. A connection that dies while checked out
    // between two statements of a transaction (a terminated backend, a database restart) would
    // otherwise emit an unhandled 'error' and take the whole process down; the transaction's
    // next statement fails instead, the request gets a clean error, and the pool drops the client.
    pool.on('connect', (client) => {
      client.on('error', (error) => {
        if (!closing) log.error({ err: error }, 'connection lost');
      });
      // A backend that ends its session (terminated, shut down) sends the error first and closes
      // the socket after. The statement fails and its client goes back to the pool before the
      // close is read, so the pool would hand the dead client to the very next statement. Ending
      // it here, as the error arrives (pg's own handler has already failed the statement), makes
      // the pool drop it on release (tests/fault/connection-drop.test.ts).
      client.connection.on('errorMessage', (error: unknown) => {
        if (endsSession(error)) client.end().catch(() => {});
      });
    });
    const db = new Kysely<Database>({ dialect: countingStatements(new PostgresDialect({ pool })) });
    const unwatch = watchPool(pool);
    return {
      db,
      kind: 'postgres',
      url: config.url,
      close: () => {
        closing = true;
        unwatch();
        return db.destroy();
      },
    };
  }
  // PGlite creates only the last folder of its path; a fresh clone has no ./data yet
  let unlock = () => {};
  if (config.kind === 'pglite' && config.dataDir) {
    mkdirSync(config.dataDir, { recursive: true });
    unlock = lockEmbeddedDatabase(config.dataDir);
  }
  // loaded only here: a server on PostgreSQL never needs PGlite or its dialect (docs/performance.md
  // "Server process memory")
  let pglite: PGlite;
  let dialect: Dialect;
  try {
    const { PGliteDialect } = await import('kysely-pglite-dialect');
    if (config.kind === 'pglite-instance') pglite = config.pglite;
    else {
      const { PGlite } = await import('@electric-sql/pglite');
      pglite = await PGlite.create(config.dataDir ? { dataDir: config.dataDir } : {});
    }
    dialect = new PGliteDialect(pglite);
  } catch (error) {
    unlock();
    throw error;
  }
  const db = new Kysely<Database>({ dialect: countingStatements(dialect) });
  return {
    db,
    kind: 'pglite',
    pglite,
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
      unlock();
    },
  };
}

/** For command-line entry points: a database another process holds is one line and exit 1, not a stack. */
export async function openDatabaseOrExit(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): Promise<DbHandle> {
  try {
    return await openDatabase(databaseConfigFrom(config));
  } catch (error) {
    if (!(error instanceof EmbeddedDatabaseInUseError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
