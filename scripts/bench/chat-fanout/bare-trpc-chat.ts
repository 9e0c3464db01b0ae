/**
 * The "bare tRPC chat" of the chat fan-out bench (docs/performance.md "Chat fan-out"): the
 * transport and storage Curio's chat is built on, and nothing of Curio's own. It answers the two
 * procedures the bench calls, at the same paths and in the same shapes, so the bench drives it
 * exactly as it drives Curio:
 *
 * - `chat.send` over HTTP (Express 5, tRPC's Express adapter, superjson): the member is found by
 *   the session cookie in a map read once at start (Curio holds a session in memory after its first
 *   read too, ADR 0041), the input is taken unchecked, and the message is written in one durable
 *   statement that also sends it on a NOTIFY channel: insert and notify commit together, as in
 *   Curio's `chat_send`;
 * - `chat.onMessages` over tRPC's WebSocket adapter: every NOTIFY this process hears is handed to
 *   the subscribed sockets of its sender and receiver, numbered per member in the order this
 *   process heard them (NOTIFY arrives in commit order).
 *
 * No budgets, peer or block checks, contact filter, conversations, unread counts, idempotency,
 * zod, logging, metrics or security headers. Curio over this server is Curio's own cost; this
 * server over the bare `ws` relay is what an HTTP request and a durable transaction per message,
 * with delivery through PostgreSQL and tRPC (docs/ARCHITECTURE.md), cost by themselves.
 * Prints one line `READY <port>` when it serves.
 *
 *   DATABASE_URL=… BENCH_POOL_SIZE=10 node scripts/bench/chat-fanout/bare-trpc-chat.ts
 */
import type { AddressInfo } from 'node:net';
import { parseCookie } from 'cookie';
import express from 'express';
import pg from 'pg';
import { WebSocketServer } from 'ws';
import { initTRPC, tracked } from '@trpc/server';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import { applyWSSHandler } from '@trpc/server/adapters/ws';
import superjson from 'superjson';
import { hashToken } from '../../../server/src/domain/accounts/tokens.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const pool = new pg.Pool({ connectionString: url, max: Number(process.env.BENCH_POOL_SIZE ?? 10) });
const CHANNEL = 'bare_chat';
/** The cookie the bench sends (server/src/domain/accounts/sessions.ts SESSION_COOKIE; not imported, which would load Curio's session code). */
const SESSION_COOKIE = 'curio_session';

await pool.query(`CREATE TABLE IF NOT EXISTS bare_chat_messages (
  id bigserial PRIMARY KEY,
  sender_id uuid NOT NULL,
  receiver_id uuid NOT NULL,
  content text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
)`);
const members = new Map((await pool.query<{ id: string; user_id: string }>('SELECT id, user_id FROM sessions')).rows.map((row) => [row.id, row.user_id]));

/** The cookie read and hashed as Curio's context reads it (server/src/trpc/context.ts), then looked up in memory. */
function memberOf(cookie: string | undefined): string | null {
  const token = cookie ? parseCookie(cookie)[SESSION_COOKIE] : undefined;
  return token ? (members.get(hashToken(token)) ?? null) : null;
}

interface Delivered {
  content: string;
  seq: number;
  senderId: string;
  receiverId: string;
  createdAt: Date;
}

/** Each member's subscribed sockets in this process, as functions that queue a message for one. */
const listeners = new Map<string, Set<(message: Delivered) => void>>();
const seqs = new Map<string, number>();

function deliver(memberId: string, message: Omit<Delivered, 'seq'>): void {
  const sockets = listeners.get(memberId);
  if (!sockets) return;
  const seq = (seqs.get(memberId) ?? 0) + 1;
  seqs.set(memberId, seq);
  for (const push of sockets) push({ ...message, seq });
}

const listener = new pg.Client({ connectionString: url });
await listener.connect();
listener.on('notification', ({ payload }) => {
  if (!payload) return;
  const row = JSON.parse(payload) as { s: string; r: string; c: string; t: string };
  const message = { content: row.c, senderId: row.s, receiverId: row.r, createdAt: new Date(row.t) };
  deliver(row.s, message);
  if (row.r !== row.s) deliver(row.r, message);
});
await listener.query(`LISTEN ${CHANNEL}`);

const t = initTRPC.context<{ memberId: string | null }>().create({ transformer: superjson, isDev: false });
const appRouter = t.router({
  chat: t.router({
    send: t.procedure
      .input((raw) => raw as { peerId: string; content: string })
      .mutation(async ({ ctx, input }) => {
        if (!ctx.memberId) throw new Error('signed out');
        const { rows } = await pool.query<{ id: string }>(
          `WITH m AS (
             INSERT INTO bare_chat_messages (sender_id, receiver_id, content) VALUES ($1, $2, $3)
             RETURNING id, sender_id, receiver_id, content, created_at)
           SELECT id, pg_notify($4, json_build_object('s', sender_id, 'r', receiver_id, 'c', content, 't', created_at)::text) FROM m`,
          [ctx.memberId, input.peerId, input.content, CHANNEL],
        );
        return { id: rows[0]!.id };
      }),
    onMessages: t.procedure.subscription(async function* ({ ctx, signal }) {
      const memberId = ctx.memberId;
      if (!memberId) throw new Error('signed out');
      const queue: Delivered[] = [];
      let wake: (() => void) | null = null;
      const push = (message: Delivered) => {
        queue.push(message);
        wake?.();
      };
      const stopped = () => wake?.();
      signal?.addEventListener('abort', stopped, { once: true });
      const sockets = listeners.get(memberId) ?? new Set();
      listeners.set(memberId, sockets.add(push));
      try {
        while (!signal?.aborted) {
          if (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
          wake = null;
          for (let message = queue.shift(); message; message = queue.shift()) yield tracked(String(message.seq), message);
        }
      } finally {
        signal?.removeEventListener('abort', stopped);
        sockets.delete(push);
      }
    }),
  }),
});

const app = express();
app.disable('x-powered-by');
app.use('/trpc', createExpressMiddleware({ router: appRouter, createContext: ({ req }) => ({ memberId: memberOf(req.headers.cookie) }) }));
const server = app.listen(0, '127.0.0.1', () => {
  process.stdout.write(`READY ${(server.address() as AddressInfo).port}\n`);
});
const wss = new WebSocketServer({ server, path: '/trpc-ws' });
const handler = applyWSSHandler({ wss, router: appRouter, createContext: ({ req }) => ({ memberId: memberOf(req.headers.cookie) }) });

let stopping = false;
function stop(): void {
  if (stopping) return;
  stopping = true;
  handler.broadcastReconnectNotification();
  wss.close();
  for (const socket of wss.clients) socket.terminate();
  server.close(() => {
    void Promise.allSettled([listener.end(), pool.end()]).finally(() => process.exit(0));
  });
  setTimeout(() => process.exit(1), 5_000).unref();
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// the bench is our parent: if it dies without stopping us, do not linger
process.on('disconnect', stop);
