import type { Server } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { applyWSSHandler } from '@trpc/server/adapters/ws';
import { appRouter } from '../trpc/app-router.ts';
import { createWsContext } from '../trpc/context.ts';
import type { AppServices } from '../app-services.ts';
import { logProcedureError } from '../http/log-error.ts';
import { MAX_WS_FRAME_BYTES } from '../http/request-limits.ts';
import { SessionSockets } from './session-sockets.ts';
import { sessionCache } from '../domain/accounts/session-cache.ts';
import { webSocketConnections } from '../observability/metrics.ts';
import { upgradeHostAllowed } from '../http/host-check.ts';

export const WS_PATH = '/trpc-ws';
export const SERVICE_RESTART_CLOSE_CODE = 1012;
const CLOSE_HANDSHAKE_MS = 1_000;

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
  const sessions = new SessionSockets(services.db, services.clock, services.events, (memberId) => sessionCache(services).dropMember(memberId));
  const handler = applyWSSHandler({
    wss,
    router: appRouter,
    // the adapter builds the context once per connection, as soon as the socket opens
    createContext: async ({ req, res }) => {
      const ctx = await createWsContext(services, req);
      // the adapter's type for the socket comes through its bundled declarations; it is ws's WebSocket
      const socket = res as WebSocket;
      if (ctx.auth?.sessionId) await sessions.track(socket, ctx.auth.user, ctx.auth.sessionId);
      return ctx;
    },
    onError: logProcedureError,
    keepAlive: { enabled: true, pingMs: 30_000, pongWaitMs: 10_000 },
  });

  wss.on('connection', (socket) => {
    webSocketConnections.inc();
    socket.once('close', () => webSocketConnections.dec());
  });

  const hostAllowed = upgradeHostAllowed(services.config);
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const origin = req.headers.origin;
    const originOk = !origin || origin === services.config.publicOrigin || safeHost(origin) === req.headers.host;
    if (url.pathname !== WS_PATH || !originOk || !hostAllowed(req)) {
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
      // 1012 "service restart": clients reconnect, and a load balancer sends them to a process that stays
      for (const client of wss.clients) client.close(SERVICE_RESTART_CLOSE_CODE, 'server restarting');
      const closed = new Promise<void>((resolve) => wss.close(() => resolve()));
      // a client that does not answer the close handshake is not waited for
      const cutoff = setTimeout(() => {
        for (const client of wss.clients) client.terminate();
      }, CLOSE_HANDSHAKE_MS);
      await closed;
      clearTimeout(cutoff);
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
