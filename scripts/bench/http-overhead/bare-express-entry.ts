/**
 * Baseline of the HTTP-overhead bench (scripts/bench/http-overhead.ts): a bare Express 5 app in
 * its own Node process (started like the Curio server, `node <entry>`), answering the same
 * path with the same JSON bytes the tRPC procedure returns (BENCH_BODY), and nothing else: no
 * tRPC, no context, no session lookup, no zod, no superjson. Prints `READY <port>`.
 */
import type { AddressInfo } from 'node:net';
import express from 'express';

const body = process.env.BENCH_BODY ?? '{}';
const path = process.env.BENCH_PATH ?? '/trpc/system.exchangeRates';
const app = express();
app.disable('x-powered-by');
app.get(path, (_req, res) => {
  res.type('application/json').send(body);
});
const server = app.listen(0, '127.0.0.1', () => {
  process.stdout.write(`READY ${(server.address() as AddressInfo).port}\n`);
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// the bench is our parent: if it dies without stopping us, do not linger
process.on('disconnect', stop);
