import cluster, { type Worker } from 'node:cluster';
import type { AppConfig } from './config.ts';
import { databaseConfigFrom, describeDatabase, openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { componentLogger } from './observability/logger.ts';
import { serveClusterMetrics } from './observability/cluster-metrics.ts';

const log = componentLogger('primary');

/** A worker that dies is replaced after this long, so a crash loop does not spin the CPU. */
const RESTART_DELAY_MS = 1_000;
/** Workers get this long to drain after SIGTERM before they are killed. */
const DRAIN_TIMEOUT_MS = 25_000;

/**
 * The primary of WEB_CONCURRENCY workers (engineering rule E-17): it migrates once, forks the
 * workers, which share the port through node:cluster, replaces any that die, and on SIGTERM or
 * SIGINT passes the signal on and waits for every worker to drain. Workers share nothing in
 * memory; sessions, rate limits, events and uploads live in PostgreSQL and the store.
 */
export async function runPrimary(config: AppConfig): Promise<void> {
  // one migration before the workers start, rather than N racing for the migration lock
  const handle = await openDatabase(databaseConfigFrom(config));
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }

  let stopping = false;
  let failed = false;
  let everListening = false;
  const listening = new Set<number>();

  /** The workers that have not exited yet. */
  const liveWorkers = (): Worker[] => Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);

  cluster.on('listening', (worker) => {
    listening.add(worker.id);
    if (!everListening && listening.size === config.webConcurrency) {
      everListening = true;
      log.info(
        `Curio is running at ${config.publicOrigin} on ${describeDatabase(config)} (listening on ${config.host}:${config.port}, ${config.webConcurrency} workers)`,
      );
    }
  });

  cluster.on('exit', (worker, code, signal) => {
    listening.delete(worker.id);
    if (stopping) {
      if (liveWorkers().length === 0) {
        log.info('all workers stopped');
        process.exit(failed ? 1 : 0);
      }
      return;
    }
    if (!everListening) {
      // a worker that cannot even start (port taken, database refused) will not start on retry
      log.fatal({ worker: worker.id, code, signal }, 'a worker failed to start; stopping');
      stopping = true;
      failed = true;
      for (const other of liveWorkers()) other.process.kill('SIGTERM');
      if (liveWorkers().length === 0) process.exit(1);
      return;
    }
    log.error({ worker: worker.id, code, signal }, 'worker died; starting another');
    setTimeout(() => {
      if (!stopping) cluster.fork();
    }, RESTART_DELAY_MS).unref();
  });

  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received, draining ${listening.size} workers`);
    for (const worker of liveWorkers()) worker.process.kill('SIGTERM');
    setTimeout(() => {
      log.error('workers did not drain in time; killing them');
      for (const worker of liveWorkers()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, DRAIN_TIMEOUT_MS).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  serveClusterMetrics();
  for (let i = 0; i < config.webConcurrency; i++) cluster.fork();
}
