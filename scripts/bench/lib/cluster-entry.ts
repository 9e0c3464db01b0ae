/**
 * Curio with WEB_CONCURRENCY workers for the feed and purchase benches: like `npm start`
 * with WEB_CONCURRENCY=N (server/src/workers.ts), a primary that forks N workers sharing one port
 * through node:cluster, each worker being the bench's one-process Curio
 * (scripts/bench/chat-fanout/server-entry.ts: the startServer composition root, BENCH_POOL_SIZE
 * connections, no jobs). Workers that call listen(0) in a cluster share one port picked by the OS.
 * Each worker is the very server the bench's one-process run starts (same logging, pool and
 * settings), so the factor between them is the second process and nothing else.
 * Prints `READY <port>` once every worker serves; the bench finds the workers as this process's children.
 *
 *   DATABASE_URL=… BENCH_POOL_SIZE=10 BENCH_WORKERS=2 node scripts/bench/lib/cluster-entry.ts
 */
import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../../server/src/db/database.ts';
import { migrateToLatest } from '../../../server/src/db/migrate.ts';

const workers = Number(process.env.BENCH_WORKERS ?? 2);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');

// one migration before the workers start, as the primary of server/src/workers.ts does
const handle = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
await migrateToLatest(handle.db);
await handle.close();

cluster.setupPrimary({ exec: path.join(path.dirname(fileURLToPath(import.meta.url)), '../chat-fanout/server-entry.ts'), silent: true });
const forked: Worker[] = [];
const ports = await Promise.all(
  Array.from({ length: workers }, () => {
    const worker = cluster.fork();
    forked.push(worker);
    worker.process.stderr?.pipe(process.stderr);
    return new Promise<number>((resolve, reject) => {
      worker.once('exit', (code) => reject(new Error(`worker exited before ready (code ${code})`)));
      worker.process.stdout?.on('data', (chunk: Buffer) => {
        for (const line of chunk.toString('utf8').split('\n')) {
          const ready = /^READY (\d+)$/.exec(line.trim());
          if (ready) resolve(Number(ready[1]));
          // the workers' request log goes where a single server's goes: the bench reads stdout
          else if (line.trim()) process.stdout.write(`${line}\n`);
        }
      });
    });
  }),
);
if (new Set(ports).size !== 1) throw new Error(`workers listen on different ports: ${ports.join(', ')}`);
process.stdout.write(`READY ${ports[0]}\n`);

let stopping = false;
function stop(): void {
  if (stopping) return;
  stopping = true;
  for (const worker of forked) worker.process.kill('SIGTERM');
  let left = forked.length;
  cluster.on('exit', () => {
    if (--left === 0) process.exit(0);
  });
  setTimeout(() => process.exit(1), 8_000).unref();
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('disconnect', stop);
