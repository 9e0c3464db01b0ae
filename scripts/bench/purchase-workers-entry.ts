/**
 * `npm start` with WEB_CONCURRENCY workers for the purchase bench (scripts/bench/purchase.ts):
 * the very entry point of the server (server/src/main.ts: the primary migrates, forks the
 * workers, which share the port through node:cluster and each open their own pool of 10), plus
 * one line `READY <port>` once every worker listens, which the bench waits for. The bench sets
 * WEB_CONCURRENCY, PORT, DATABASE_URL and the rest in the environment.
 *
 *   WEB_CONCURRENCY=2 PORT=… DATABASE_URL=… node scripts/bench/purchase-workers-entry.ts
 */
import cluster from 'node:cluster';

if (cluster.isPrimary) {
  const workers = Number(process.env.WEB_CONCURRENCY ?? 1);
  let listening = 0;
  cluster.on('listening', () => {
    listening++;
    if (listening === workers) process.stdout.write(`READY ${process.env.PORT}\n`);
  });
  // the bench is our parent: if it dies without stopping us, drain and go as on SIGTERM
  process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}

await import('../../server/src/main.ts');
