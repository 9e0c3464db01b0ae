import cluster from 'node:cluster';
import { loadConfigOrExit, type AppConfig } from './config.ts';
import { startServer, type RunningServer } from './server.ts';
import { describeDatabase } from './db/database.ts';
import { logger } from './observability/logger.ts';
import { runPrimary } from './workers.ts';
import { shareWorkerMetrics } from './observability/cluster-metrics.ts';

/**
 * Entry point of `npm start` and the container. One process serves everything, or with
 * WEB_CONCURRENCY=N (PostgreSQL only) this one becomes the primary of N workers sharing the port.
 * SIGTERM drains: no new connections, requests in flight finish, WebSockets are told to reconnect.
 */
const config = loadConfigOrExit();
logger.level = config.logLevel;

if (config.webConcurrency > 1 && cluster.isPrimary) await runPrimary(config);
else await serve(config);

async function serve(config: AppConfig): Promise<void> {
  if (cluster.isWorker) shareWorkerMetrics();
  let running: RunningServer;
  try {
    running = await startServer(config);
  } catch (error) {
    // a port in use, a database that refuses, an embedded database another process holds
    logger.fatal({ err: error }, `could not start: ${error instanceof Error ? error.message : String(error)}`);
    logger.flush();
    process.exit(1);
  }

  if (running.freshEmbeddedDatabase && config.autoSeed) {
    // loaded only here: the demo's images pull in the image library
    const { seedDemoMarketplace } = await import('./db/seed-demo.ts');
    const logins = await seedDemoMarketplace(running.services);
    // for the person at the terminal, not for log storage: these are public demo accounts
    console.log('\nA demo marketplace was created on this new embedded database. Demo logins:');
    for (const login of logins) console.log(`  ${login.role.padEnd(6)} ${login.email}  /  ${login.password}`);
    console.log('');
  }

  const where = `${config.host}:${config.port}`;
  if (cluster.isWorker) logger.info({ worker: cluster.worker?.id }, `worker listening on ${where}`);
  else logger.info(`Curio is running at ${config.publicOrigin} on ${describeDatabase(config)} (listening on ${where})`);

  let stopping = false;
  async function shutdown(signal: string): Promise<void> {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received, draining`);
    const timer = setTimeout(() => {
      logger.error('drain did not finish in time, exiting');
      process.exit(1);
    }, 20_000);
    timer.unref();
    await running.close();
    logger.flush();
    process.exit(0);
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
