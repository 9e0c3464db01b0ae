import type { Server } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { applyWSSHandler } from '@trpc/server/adapters/ws';
import { appRouter } from '../trpc/app-router.ts';
import { createWsContext } from '../trpc/context.ts';
import type { AppServices } from '../app-services.ts';
import { logProcedureError } from '../http/log-error.ts';
import { MAX_WS_FRAME_BYTES } from '../http/request-limits.ts';
import { SessionSockets } from './session-sockets.ts';

export const WS_PATH = '/trpc-ws';

export interface AttachedWebSocket {
  /** Cookie-authenticated sockets of this process, by session (tests read its size). */
  sessions: SessionSockets;
  close(): Promise<void>;
}

/**
 * tRPC subscriptions over `ws` on the HTTP server's port (engineering rule E-9). The upgrade is
 * refused unless it comes from our own origin; the session cookie authenticates the socket,
 * and the socket closes when that session is revoked. A socket without a valid session stays
 * open as a visitor's: member procedures answer it with LOGIN_REQUIRED.
 */
export function attachWebSocket(server: Server, services: AppServices): AttachedWebSocket {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_WS_FRAME_BYTES });
  const sessions = new SessionSockets(services.db, services.clock, services.events);
  const handler = applyWSSHandler({
    wss,
    router: appRouter,
    // the adapter builds the context once per connection, as soon as the socket opens
    createContext: async ({ req, res }) => {
      const ctx = await createWsContext(services, req);
      // the adapter's type for the socket comes through its bundled declarations; it is ws's WebSocket
      const socket = res as WebSocket;
      if (ctx.auth?.sessionId) await sessions.track(socket, ctx.auth.user.id, ctx.auth.sessionId);
      return ctx;
    },
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
    sessions,
    async close() {
      sessions.close();
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
