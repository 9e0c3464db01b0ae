/**
 * The baseline of the chat fan-out bench: a bare `ws` relay in one process, no database, no
 * tRPC, no auth. A client connects to `/?u=<index>`; each text frame `{"to":<index>,"m":"…"}` it
 * sends is forwarded as `{"from":<index>,"m":"…"}` to the receiver's socket and echoed to the
 * sender's (Curio's stream also yields the sender's own message). Prints `READY <port>`.
 *
 *   node scripts/bench/chat-fanout/relay-server.ts
 */
import { WebSocketServer, type WebSocket } from 'ws';

const sockets = new Map<number, WebSocket>();
const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, maxPayload: 1024 * 1024 });

wss.on('connection', (socket, req) => {
  const index = Number(new URL(req.url ?? '/', 'http://localhost').searchParams.get('u'));
  if (!Number.isSafeInteger(index)) {
    socket.close(1008, 'u required');
    return;
  }
  sockets.set(index, socket);
  socket.on('close', () => {
    if (sockets.get(index) === socket) sockets.delete(index);
  });
  socket.on('message', (data: Buffer) => {
    let frame: { to: number; m: string };
    try {
      frame = JSON.parse(data.toString('utf8')) as { to: number; m: string };
    } catch {
      return;
    }
    const out = JSON.stringify({ from: index, m: frame.m });
    sockets.get(frame.to)?.send(out);
    socket.send(out);
  });
});

wss.on('listening', () => {
  const address = wss.address();
  const port = typeof address === 'string' || address === null ? address : address.port;
  process.stdout.write(`READY ${port}\n`);
});

function shutdown(): void {
  for (const socket of wss.clients) socket.terminate();
  wss.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2_000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
process.on('disconnect', shutdown);
