/**
 * One Curio server process for the chat fan-out bench (scripts/bench/chat-fanout.ts): the same
 * composition root as `npm start` (server/src/main.ts, startServer), but with the pool size the
 * bench chose (main.ts has no setting for it: openDatabase's default of 10), no hourly jobs, no
 * demo seed, and a loopback port picked by the OS. Prints one line `READY <port>` when it serves.
 *
 *   DATABASE_URL=… BENCH_POOL_SIZE=10 node scripts/bench/chat-fanout/server-entry.ts
 */
import { startServer } from '../../../server/src/server.ts';
import { loadConfig } from '../../../server/src/config.ts';
import { openDatabase } from '../../../server/src/db/database.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const poolSize = Number(process.env.BENCH_POOL_SIZE ?? 10);

const config = {
  ...loadConfig(process.env),
  databaseUrl: url,
  port: 0,
  host: '127.0.0.1',
  autoSeed: false,
  cookieSecure: false,
  ratesUrl: 'http://127.0.0.1:9/unreachable',
};
const dbHandle = await openDatabase({ kind: 'postgres', url, poolSize });
const running = await startServer(config, { dbHandle, jobs: false });
const port = new URL(running.url).port;
process.stdout.write(`READY ${port}\n`);

let stopping = false;
async function shutdown(): Promise<void> {
  if (stopping) return;
  stopping = true;
  setTimeout(() => process.exit(1), 5_000).unref();
  await running.close();
  await dbHandle.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
// the bench is our parent: if it dies without killing us, do not linger
process.on('disconnect', () => void shutdown());
