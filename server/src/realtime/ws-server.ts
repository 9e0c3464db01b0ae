import type { Server } from 'node:http';
import { WebSocketServer } from 'ws';
import { applyWSSHandler } from '@trpc/server/adapters/ws';
import { appRouter } from '../trpc/app-router.ts';
import { createWsContext } from '../trpc/context.ts';
import type { AppServices } from '../services/app-services.ts';
import { logProcedureError } from '../http/log-error.ts';

export const WS_PATH = '/trpc-ws';

/**
 * tRPC subscriptions over `ws` on the HTTP server's port (DESIGN decision 9). The upgrade is
 * refused unless it comes from our own origin; the session cookie authenticates the socket.
 */
export function attachWebSocket(server: Server, services: AppServices): { close(): Promise<void> } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  const handler = applyWSSHandler({
    wss,
    router: appRouter,
    createContext: ({ req }) => createWsContext(services, req),
    onError: logProcedureError,
    keepAlive: { enabled: true, pingMs: 30_000, pongWaitMs: 10_000 },
  });

  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const origin = req.headers.origin;
    const originOk = !origin || origin === services.config.publicOrigin || safeHost(origin) === req.headers.host;
    if (url.pathname !== WS_PATH || !originOk) {
      socket.write('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });

  return {
    async close() {
      handler.broadcastReconnectNotification();
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

function safeHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
