/**
 * The "bare tRPC" baseline of the feed and HTTP-overhead benches (docs/performance.md): a server
 * in its own Node process built on the framework Curio uses and nothing of Curio's own request
 * path: Express 5 with tRPC's Express adapter and superjson as the transformer, as in
 * server/src/http/express-app.ts and server/src/trpc/init.ts, but no middleware (no security
 * headers, logging, metrics, CSRF guard or rate limits), no context (no session lookup), no
 * input or output validation. It serves the two procedures the benches call, at the same paths:
 *
 * - `system.exchangeRates`: the value in BENCH_RATES, written as superjson writes it (the bench
 *   passes the `result.data` Curio answered, so its Date comes back a Date and the bytes match);
 * - `marketplace.feed.page`: the very SQL and row mapping of Curio's feed (loadFeedPage, no
 *   cache in front of it) on a pg pool of BENCH_POOL_SIZE connections to DATABASE_URL.
 *
 * So Curio over this baseline is Curio's own cost; this baseline over bare SQL is the framework's.
 * Prints one line `READY <port>` when it serves.
 *
 *   DATABASE_URL=… BENCH_POOL_SIZE=10 BENCH_RATES='{…}' node scripts/bench/bare-trpc/server-entry.ts
 */
import type { AddressInfo } from 'node:net';
import express from 'express';
import { initTRPC } from '@trpc/server';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import superjson from 'superjson';
import { openDatabase } from '../../../server/src/db/database.ts';
import { loadFeedPage, type FeedQuery } from '../../../server/src/domain/feed/feed-page.ts';

const url = process.env.DATABASE_URL;
const poolSize = Number(process.env.BENCH_POOL_SIZE ?? 10);
const rates: unknown = process.env.BENCH_RATES ? superjson.parse(process.env.BENCH_RATES) : null;
const dbHandle = url ? await openDatabase({ kind: 'postgres', url, poolSize }) : null;

const t = initTRPC.create({ transformer: superjson, isDev: false });
const appRouter = t.router({
  system: t.router({ exchangeRates: t.procedure.query(() => rates) }),
  marketplace: t.router({
    feed: t.router({
      // the input is what the client sent, passed through unchecked: only the SQL and its mapping are Curio's
      page: t.procedure
        .input((raw) => raw as FeedQuery)
        .query(({ input: query }) => {
          if (!dbHandle) throw new Error('DATABASE_URL is required for the feed');
          const q = query.q?.trim();
          return loadFeedPage(dbHandle.db, { ...query, q: q ? q : undefined }, new Date());
        }),
    }),
  }),
});

const app = express();
app.disable('x-powered-by');
app.use('/trpc', createExpressMiddleware({ router: appRouter }));
const server = app.listen(0, '127.0.0.1', () => {
  process.stdout.write(`READY ${(server.address() as AddressInfo).port}\n`);
});

let stopping = false;
function stop(): void {
  if (stopping) return;
  stopping = true;
  server.close(() => {
    void (dbHandle?.close() ?? Promise.resolve()).finally(() => process.exit(0));
  });
  setTimeout(() => process.exit(1), 5_000).unref();
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// the bench is our parent: if it dies without stopping us, do not linger
process.on('disconnect', stop);
