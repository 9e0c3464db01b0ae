import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppConfig } from './config.ts';
import { systemClock, type Clock } from './clock.ts';
import { databaseConfigFrom, embeddedDatabaseExists, openDatabase, type DbHandle } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { createHttpApp } from './http/express-app.ts';
import { attachWebSocket } from './realtime/ws-server.ts';
import { createEventBus } from './realtime/create-event-bus.ts';
import { createMailer } from './mail/create-mailer.ts';
import type { AppServices } from './app-services.ts';
import { startBackgroundJobs } from './jobs/start-jobs.ts';

export interface RunningServer {
  services: AppServices;
  server: Server;
  url: string;
  /** True when this start created the embedded database (the caller may seed it). */
  freshEmbeddedDatabase: boolean;
  close(): Promise<void>;
}

export interface StartOptions {
  clock?: Clock;
  /** Reuse an open database (tests); otherwise one is opened from the config. */
  dbHandle?: DbHandle;
  /** Skip the hourly jobs (tests that drive them by hand). */
  jobs?: boolean;
}

/** How long close() lets requests in flight finish before cutting their connections. */
const DRAIN_MS = 10_000;

/** The composition root: config -> db -> migrate -> services -> http + ws -> jobs. */
export async function startServer(config: AppConfig, options: StartOptions = {}): Promise<RunningServer> {
  const clock = options.clock ?? systemClock;
  const freshEmbeddedDatabase = !options.dbHandle && !config.databaseUrl && !embeddedDatabaseExists(config);
  const dbHandle = options.dbHandle ?? (await openDatabase(databaseConfigFrom(config)));
  await migrateToLatest(dbHandle.db);

  const events = await createEventBus(dbHandle);
  const services: AppServices = {
    config,
    dbHandle,
    db: dbHandle.db,
    clock,
    events,
    mailer: createMailer(config, dbHandle.db),
  };

  const server = createServer(createHttpApp(services));
  const ws = attachWebSocket(server, services);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    // e.g. EADDRINUSE: release what was opened so the caller can report and exit cleanly
    await ws.close();
    await events.close();
    if (!options.dbHandle) await dbHandle.close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const jobs = options.jobs === false ? null : startBackgroundJobs(services);

  let closing: Promise<void> | null = null;
  return {
    services,
    server,
    url: `http://localhost:${port}`,
    freshEmbeddedDatabase,
    close() {
      closing ??= (async () => {
        jobs?.stop();
        // stop accepting: new connections go to the other workers or machines
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        await ws.close();
        // requests in flight finish (each connection closes after its response), within bounds
        const drainTimer = setTimeout(() => server.closeAllConnections(), DRAIN_MS);
        await stopped;
        clearTimeout(drainTimer);
        await events.close();
        if (!options.dbHandle) await dbHandle.close();
      })();
      return closing;
    },
  };
}
