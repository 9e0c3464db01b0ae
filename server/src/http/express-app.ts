import path from 'node:path';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import express, { type Express } from 'express';
import compression from 'compression';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import { appRouter } from '../trpc/app-router.ts';
import { createHttpContext } from '../trpc/context.ts';
import type { AppServices } from '../app-services.ts';
import { logProcedureError } from './log-error.ts';
import { mountDevRoutes } from './dev-routes.ts';
import { securityHeaders } from './security-headers.ts';
import { hostCheck } from './host-check.ts';
import { MAX_BATCH_SIZE, answerBodyErrors } from './request-limits.ts';
import { trpcRequestGuards } from './trpc-guards.ts';
import { mountUploadRoutes } from './uploads.ts';
import { serveCachedFeedPage } from '../routers/marketplace/feed/cached-get.ts';
import { observeHttpRequests } from '../observability/metrics.ts';
import { mountOperationsRoutes } from '../observability/operations-routes.ts';
import { requestIdOf, requestLogging } from '../observability/request-logging.ts';

const CLIENT_DIST = fileURLToPath(new URL('../../../client/dist', import.meta.url));

/** The Express app: tRPC over HTTP, uploads, dev helpers and the built client. */
export function createHttpApp(services: AppServices): Express {
  const app = express();
  app.disable('x-powered-by');
  // X-Forwarded-For is read only from the proxies TRUST_PROXY names (none by default)
  app.set('trust proxy', services.config.trustProxy);
  app.use(observeHttpRequests, requestLogging(services.config.trustProxy));
  app.use(securityHeaders(services.config));
  // probes and /metrics answer any Host: balancers and scrapers call them by address
  mountOperationsRoutes(app, services);
  app.use(hostCheck(services.config));

  app.use(
    '/trpc',
    trpcRequestGuards(services.config.publicOrigin),
    // unsearched feed pages, the same for everyone, straight from the feed cache (ADR 0039)
    serveCachedFeedPage(services),
    createExpressMiddleware({
      router: appRouter,
      createContext: ({ req, res }) => createHttpContext(services, req, res),
      onError: logProcedureError,
      maxBatchSize: MAX_BATCH_SIZE,
    }),
    answerBodyErrors,
  );

  mountUploadRoutes(app, services);

  if (services.config.devOutbox) mountDevRoutes(app, services);

  // server paths that are not client routes: an unknown one is a plain 404, never the app's page
  app.use(['/dev', '/api', '/uploads'], (_req, res) => {
    res.status(404).json({ error: { code: 'NOT_FOUND' }, requestId: requestIdOf(res) });
  });

  if (existsSync(CLIENT_DIST)) {
    // The client's code and styles are public and the same for everyone, so they are
    // compressed (a quarter of the bytes on a phone's first visit). API answers are not: they
    // carry members' data, and compressing secrets next to attacker-chosen text leaks them (BREACH).
    const compressAssets = compression();
    // Vite names every file under assets/ by a hash of its content: a new build is a new name, so
    // a copy can be kept for a year without asking again. The few unhashed files are revalidated.
    app.use(
      '/assets',
      compressAssets,
      express.static(path.join(CLIENT_DIST, 'assets'), { index: false, immutable: true, maxAge: '365d' }),
      // an old page asking for a file of an earlier build gets a 404, never the app's HTML as script
      (_req: express.Request, res: express.Response) => {
        res.status(404).type('text/plain').send('not found');
      },
    );
    app.use(compressAssets, express.static(CLIENT_DIST, { index: false, maxAge: '1h' }));
    // every other path is a client route; the SPA renders its own 404 page. index.html names the
    // current hashed files, so it is revalidated on every visit (no-cache; an ETag makes that cheap).
    app.get('/{*splat}', compressAssets, (_req, res) => {
      res.sendFile(path.join(CLIENT_DIST, 'index.html'), { cacheControl: false, headers: { 'Cache-Control': 'no-cache' } });
    });
  }
  return app;
}
