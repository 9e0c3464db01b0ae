/**
 * Chat fan-out benchmark (docs/performance.md "Chat fan-out"; rule C-6, ADR 0005, ADR 0017).
 *
 * On a fresh PostgreSQL database it starts two Curio server processes, opens N WebSocket clients
 * (half on each) subscribed to `chat.onMessages`, sends M messages between random pairs (mostly
 * across the two processes) through `chat.send` over HTTP with a bounded number in flight, and
 * checks that every message reached its receiver, and its sender's own stream, exactly once and in
 * seq order. It reports delivery latency (send call start -> receiver's socket), messages/s,
 * connect time and each server's RSS (after connect, and the peak sampled every 200 ms). The
 * baseline, measured in the same run, is a bare `ws` relay process with the same N clients
 * relaying the same M messages. Between the two, the same clients and sends run against a bare tRPC
 * chat (chat-fanout/bare-trpc-chat.ts: the transport and storage without Curio's own work), which
 * splits the gap into Curio's cost and the transport's. Prints a table, writes bench/results/chat-fanout-<time>.json and
 * chat-fanout-latest.json, and exits 1 if anything was lost, duplicated or out of order.
 *
 *   node scripts/bench/chat-fanout.ts [--clients 1000] [--messages 3000] [--concurrency 32]
 *     [--servers 2] [--pool 10] [--cross 0.9] [--seed 42] [--no-baseline] [--no-bare] [--sends-over-ws] [--keep-db] [--no-save]
 *
 * Every option can also be given as CHAT_BENCH_<NAME> (CHAT_BENCH_CLIENTS=100 …);
 * CHAT_BENCH_SERVER_NODE_ARGS adds Node flags to the server processes (--cpu-prof …). PostgreSQL is
 * reached at BENCH_PG_URL, else DATABASE_URL, else postgres://root@127.0.0.1:5432; only its
 * host and credentials are used: the bench drops and recreates its own database
 * (curio_bench_chat) and drops it again at the end.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import WebSocket from 'ws';
import { openDatabase } from '../../server/src/db/database.ts';
import { migrateToLatest } from '../../server/src/db/migrate.ts';
import { generateToken, hashToken } from '../../server/src/domain/accounts/tokens.ts';
import { SESSION_COOKIE } from '../../server/src/domain/accounts/sessions.ts';
import { startChild, type ChildServer } from './chat-fanout/processes.ts';
import { Deliveries, planMessages, type Verification } from './chat-fanout/deliveries.ts';
import {
  cpuDelta,
  databaseBackendsCpu,
  distribution,
  messageContent,
  processCpuSeconds,
  processMemory,
  round,
  type Distribution,
} from './chat-fanout/stats.ts';
import { reported, target, type BenchTarget } from './lib/common.ts';

// ---------------------------------------------------------------------------------------------
// options

const args = process.argv.slice(2);
function numberOption(name: string, fallback: number): number {
  const flag = `--${name}`;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === flag && args[i + 1] !== undefined) return Number(args[i + 1]);
    if (args[i]!.startsWith(`${flag}=`)) return Number(args[i]!.slice(flag.length + 1));
  }
  const env = process.env[`CHAT_BENCH_${name.toUpperCase().replace(/-/g, '_')}`];
  return env ? Number(env) : fallback;
}
function flagOption(name: string): boolean {
  const env = process.env[`CHAT_BENCH_${name.toUpperCase().replace(/-/g, '_')}`];
  return args.includes(`--${name}`) || env === '1' || env === 'true';
}

const options = {
  clients: numberOption('clients', 1000),
  messages: numberOption('messages', 3000),
  /** Sends in flight at once, over all senders (a closed loop: each waits for its answer). */
  concurrency: numberOption('concurrency', 32),
  servers: numberOption('servers', 2),
  /** pg pool size of each server process (openDatabase's default, which main.ts uses, is 10). */
  pool: numberOption('pool', 10),
  /** Share of messages whose receiver is on another server process than the sender. */
  cross: numberOption('cross', 0.9),
  seed: numberOption('seed', 42),
  /** WebSocket handshakes in flight at once while connecting. */
  connectConcurrency: numberOption('connect-concurrency', 50),
  /** Give up waiting for missing deliveries after this long without any arriving. */
  drainIdleSeconds: numberOption('drain-idle-seconds', 15),
  baseline: !flagOption('no-baseline'),
  /** Also run the bare tRPC chat (chat-fanout/bare-trpc-chat.ts) on the same database and clients. */
  bare: !flagOption('no-bare'),
  /**
   * Send each message as a tRPC mutation over the sender's own socket instead of an HTTP request
   * (an experiment for docs/performance.md "Chat fan-out": the client sends mutations over HTTP).
   */
  sendsOverWs: flagOption('sends-over-ws'),
  keepDb: flagOption('keep-db'),
  save: !flagOption('no-save'),
};
for (const [name, value] of Object.entries(options)) {
  if (typeof value === 'number' && !Number.isFinite(value)) throw new Error(`option ${name} is not a number`);
}
if (options.clients < 2 * options.servers) throw new Error('need at least two clients per server');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_ENTRY = 'scripts/bench/chat-fanout/server-entry.ts';
const RELAY_ENTRY = 'scripts/bench/chat-fanout/relay-server.ts';
const BARE_ENTRY = 'scripts/bench/chat-fanout/bare-trpc-chat.ts';
/** server/src/realtime/ws-server.ts WS_PATH (not imported: that module pulls in the whole router). */
const WS_PATH = '/trpc-ws';
const BENCH_DB = 'curio_bench_chat';
const SAMPLE_MS = 200;

const pgBase = new URL(process.env.BENCH_PG_URL ?? process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres');
const adminUrl = Object.assign(new URL(pgBase.href), { pathname: '/postgres' }).href;
const benchUrl = Object.assign(new URL(pgBase.href), { pathname: `/${BENCH_DB}` }).href;

// ---------------------------------------------------------------------------------------------
// cleanup, also on failure and on Ctrl-C

const cleanups: Array<{ name: string; run: () => Promise<void> }> = [];
let cleaning: Promise<void> | null = null;
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    while (cleanups.length > 0) {
      const step = cleanups.pop()!;
      try {
        await step.run();
      } catch (error) {
        console.error(`cleanup "${step.name}" failed:`, error instanceof Error ? error.message : error);
      }
    }
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up`);
    void cleanup().finally(() => process.exit(130));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) => console.log(`[${(performance.now() / 1000).toFixed(1).padStart(6)}s] ${line}`);

// ---------------------------------------------------------------------------------------------
// database and members

interface Member {
  index: number;
  userId: string;
  cookie: string;
  /** Index of the server process (or, in the baseline, just the parity) this client is on. */
  server: number;
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function prepareDatabase(): Promise<void> {
  await adminQuery(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE ${BENCH_DB}`);
  if (!options.keepDb) {
    cleanups.push({ name: 'drop database', run: () => adminQuery(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`) });
  }
  const handle = await openDatabase({ kind: 'postgres', url: benchUrl, poolSize: 2 });
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }
}

/** N members written straight into users + profiles + sessions (nobody signs in: no real password). */
async function createMembers(pool: pg.Pool, count: number, servers: number): Promise<Member[]> {
  const users = await pool.query<{ id: string; email: string }>(
    `INSERT INTO users (email, password_hash)
     SELECT 'chatbench-' || i || '@example.test', 'bench-no-password' FROM generate_series(0, $1::int - 1) AS i
     RETURNING id, email`,
    [count],
  );
  await pool.query(`INSERT INTO profiles (user_id, nickname) SELECT id, split_part(email, '@', 1) FROM users`);
  const members: Member[] = new Array<Member>(count);
  const tokens: string[] = [];
  const ids: string[] = [];
  const userIds: string[] = [];
  for (const row of users.rows) {
    const index = Number(/^chatbench-(\d+)@/.exec(row.email)![1]);
    const token = generateToken();
    tokens.push(token);
    ids.push(hashToken(token));
    userIds.push(row.id);
    members[index] = { index, userId: row.id, cookie: `${SESSION_COOKIE}=${token}`, server: index % servers };
  }
  await pool.query(
    `INSERT INTO sessions (id, user_id, expires_at)
     SELECT s.id, s.user_id, now() + interval '30 days' FROM unnest($1::text[], $2::uuid[]) AS s(id, user_id)`,
    [ids, userIds],
  );
  return members;
}

// ---------------------------------------------------------------------------------------------
// measuring processes

interface ProcessReport {
  label: string;
  pid: number;
  clients: number;
  rssMiB: { started: number; afterConnect: number; peakDuringSends: number; highWaterMark: number };
  cpuSeconds: { connect: number; sends: number };
}

/** Samples each process's VmRSS every 200 ms; `peak()` is the largest since the last reset. */
class MemorySampler {
  private readonly peaks = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  private readonly pids: number[];

  constructor(pids: number[]) {
    this.pids = pids;
  }

  start(): void {
    this.reset();
    this.timer = setInterval(() => this.sample(), SAMPLE_MS);
    this.timer.unref();
  }

  reset(): void {
    for (const pid of this.pids) this.peaks.set(pid, 0);
    this.sample();
  }

  peak(pid: number): number {
    this.sample();
    return this.peaks.get(pid) ?? Number.NaN;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private sample(): void {
    for (const pid of this.pids) {
      const memory = processMemory(pid);
      if (memory) this.peaks.set(pid, Math.max(this.peaks.get(pid) ?? 0, memory.rssMiB));
    }
  }
}

/** CPU seconds so far of the PostgreSQL backends serving the bench database, by pid. */
function postgresCpu(pool: pg.Pool): Promise<Map<number, number>> {
  return databaseBackendsCpu((text, values) => pool.query(text, values), BENCH_DB);
}

// ---------------------------------------------------------------------------------------------
// clients

interface Client {
  socket: WebSocket;
  close(): void;
  /** A tRPC mutation over this client's own socket (the Curio and bare tRPC chat clients). */
  mutate?(path: string, input: unknown): Promise<TrpcFrame>;
}

/** Opens `count` clients, `concurrency` handshakes at a time; `open(i)` resolves when client i is ready. */
async function connectAll(
  count: number,
  concurrency: number,
  open: (index: number) => Promise<Client>,
): Promise<{ clients: Client[]; wallMs: number; perClient: Distribution }> {
  const clients = new Array<Client>(count);
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const index = next++;
        const t0 = performance.now();
        clients[index] = await open(index);
        times.push(performance.now() - t0);
      }
    }),
  );
  return { clients, wallMs: performance.now() - started, perClient: distribution(times) };
}

interface TrpcFrame {
  id?: number | string | null;
  result?: { type: 'started' | 'stopped' | 'data'; data?: { json?: { id?: string; data?: { content: string; seq: number } } } };
  error?: { json?: { message?: string } };
}

/**
 * One browser tab's worth of Curio client, on the raw tRPC WebSocket protocol (what wsLink sends:
 * a `subscription` request with superjson input, PONG for the server's keepalive PING), so the
 * receipt time is taken in the socket's own message handler. It subscribes from lastEventId "0":
 * a fresh subscription would start after the newest message at the moment the server's generator
 * first runs, which may be after our first sends; from 0 nothing can be skipped.
 */
function openCurioClient(
  member: Member,
  port: number,
  deliveries: Deliveries,
  state: { closing: boolean; dropped: number; errors: string[] },
): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}${WS_PATH}`, {
      headers: { origin: `http://127.0.0.1:${port}`, cookie: member.cookie },
      perMessageDeflate: false,
    });
    let ready = false;
    // the subscription is request 1; mutations sent over the socket take the ids after it
    const pending = new Map<number, (frame: TrpcFrame) => void>();
    let nextId = 2;
    const mutate = (path: string, input: unknown) =>
      new Promise<TrpcFrame>((done) => {
        const id = nextId++;
        pending.set(id, done);
        socket.send(JSON.stringify({ id, method: 'mutation', params: { path, input: { json: input } } }));
      });
    const timer = setTimeout(() => fail(new Error(`client ${member.index}: not subscribed within 60 s`)), 60_000);
    function fail(error: Error): void {
      clearTimeout(timer);
      socket.terminate();
      reject(error);
    }
    socket.on('open', () => {
      socket.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'chat.onMessages', input: { json: { lastEventId: '0' } } } }));
    });
    socket.on('message', (raw: Buffer) => {
      const at = performance.now();
      const text = raw.toString('utf8');
      if (text === 'PING') {
        socket.send('PONG');
        return;
      }
      const frame = JSON.parse(text) as TrpcFrame;
      const answered = typeof frame.id === 'number' ? pending.get(frame.id) : undefined;
      if (answered) {
        pending.delete(frame.id as number);
        answered(frame);
        return;
      }
      if (frame.error) {
        const message = `client ${member.index}: ${frame.error.json?.message ?? JSON.stringify(frame.error)}`;
        if (!ready) fail(new Error(message));
        else state.errors.push(message);
        return;
      }
      switch (frame.result?.type) {
        case 'started':
          ready = true;
          clearTimeout(timer);
          resolve({ socket, close: () => socket.terminate(), mutate });
          return;
        case 'data': {
          const message = frame.result.data?.json?.data;
          if (message) deliveries.record(member.index, message.content, at, message.seq);
          else deliveries.malformed += 1;
          return;
        }
        default:
          if (ready && !state.closing) state.errors.push(`client ${member.index}: ${text.slice(0, 200)}`);
      }
    });
    socket.on('error', (error) => {
      if (!ready) fail(error);
      else state.errors.push(`client ${member.index}: ${error.message}`);
    });
    socket.on('close', (code) => {
      if (!ready) fail(new Error(`client ${member.index}: closed (${code}) before subscribing`));
      else if (!state.closing) state.dropped += 1;
    });
  });
}

/** A baseline client: a socket on the relay, where every frame is a message for this client. */
function openRelayClient(member: Member, port: number, deliveries: Deliveries, state: { closing: boolean; dropped: number }): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/?u=${member.index}`, { perMessageDeflate: false });
    let ready = false;
    socket.on('open', () => {
      ready = true;
      resolve({ socket, close: () => socket.terminate() });
    });
    socket.on('message', (raw: Buffer) => {
      const at = performance.now();
      const frame = JSON.parse(raw.toString('utf8')) as { from: number; m: string };
      deliveries.record(member.index, frame.m, at);
    });
    socket.on('error', (error) => {
      if (!ready) reject(error);
    });
    socket.on('close', () => {
      if (ready && !state.closing) state.dropped += 1;
    });
  });
}

// ---------------------------------------------------------------------------------------------
// sending

interface SendReport {
  /** From the first send to the last first delivery, in ms. */
  spanMs: number;
  messagesPerSecond: number;
  retries: number;
  failures: Array<{ id: number; error: string }>;
  /** CPU seconds of this bench process (the load generator) during the sends. */
  generatorCpuSeconds: number;
}

async function runSenders(count: number, concurrency: number, send: (id: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) await send(next++);
    }),
  );
}

/** Waits until every message arrived at receiver and sender, or nothing has arrived for a while. */
async function drain(deliveries: Deliveries): Promise<void> {
  while (!deliveries.complete) {
    if (performance.now() - deliveries.lastActivity > options.drainIdleSeconds * 1000) return;
    await sleep(50);
  }
  // a duplicate would come right behind the first copy: give it a moment to show up
  await sleep(500);
}

// ---------------------------------------------------------------------------------------------
// the two runs

interface RunReport {
  name: string;
  processes: ProcessReport[];
  connect: { wallMs: number; perClient: Distribution };
  sends: SendReport;
  latencyMs: ReturnType<Deliveries['latencies']>;
  droppedSockets: number;
  streamErrors: string[];
  verification: Verification;
  postgresBackendCpuSecondsDuringSends?: number;
}

/**
 * Curio's servers, or the bare tRPC chat's (the same clients, sends and checks against servers that
 * answer the same two procedures with nothing of Curio's own, chat-fanout/bare-trpc-chat.ts).
 */
async function runServers(members: Member[], pool: pg.Pool, kind: 'curio' | 'bare'): Promise<RunReport> {
  const plans = planMessages(options.messages, options.clients, options.servers, options.cross, options.seed);
  const deliveries = new Deliveries(plans, options.clients);
  const name = kind === 'curio' ? 'Curio' : 'bare tRPC chat';

  log(`starting ${options.servers} ${name} server processes (pool ${options.pool} each)`);
  const servers: ChildServer[] = await Promise.all(
    Array.from({ length: options.servers }, (_, i) =>
      startChild(
        `${kind}-${i}`,
        kind === 'curio' ? SERVER_ENTRY : BARE_ENTRY,
        {
          DATABASE_URL: benchUrl,
          BENCH_POOL_SIZE: String(options.pool),
          NODE_ENV: 'production',
        },
        root,
        // e.g. CHAT_BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the servers
        (process.env.CHAT_BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean),
      ),
    ),
  );
  for (const server of servers) cleanups.push({ name: `stop ${server.label}`, run: () => server.stop() });
  const pids = servers.map((server) => server.pid);
  const startedRss = pids.map((pid) => processMemory(pid)?.rssMiB ?? Number.NaN);
  const cpuAtStart = pids.map(processCpuSeconds);

  const state = { closing: false, dropped: 0, errors: [] as string[] };
  log(`connecting ${options.clients} clients (${options.connectConcurrency} handshakes at a time)`);
  const connected = await connectAll(options.clients, options.connectConcurrency, (index) => {
    const member = members[index]!;
    return openCurioClient(member, servers[member.server]!.port, deliveries, state);
  });
  cleanups.push({
    name: `close ${name} clients`,
    run: async () => {
      state.closing = true;
      for (const client of connected.clients) client?.close();
    },
  });
  log(`all subscribed in ${(connected.wallMs / 1000).toFixed(2)} s`);

  await sleep(1000);
  const idleRss = pids.map((pid) => processMemory(pid)?.rssMiB ?? Number.NaN);
  const cpuAfterConnect = pids.map(processCpuSeconds);
  const sampler = new MemorySampler(pids);
  sampler.start();
  const pgCpuBefore = await postgresCpu(pool);
  const generatorBefore = process.cpuUsage();

  log(`sending ${options.messages} messages, ${options.concurrency} in flight, ${Math.round(options.cross * 100)}% across processes`);
  const runId = Date.now().toString(36);
  const failures: SendReport['failures'] = [];
  let retries = 0;
  await runSenders(options.messages, options.concurrency, async (id) => {
    const plan = plans[id]!;
    const sender = members[plan.sender]!;
    const sentAt = performance.now();
    deliveries.sentAt[id] = sentAt;
    const input = { peerId: members[plan.receiver]!.userId, content: messageContent(id, sentAt), clientId: `bench-${runId}-${id}` };
    const body = JSON.stringify({ json: input });
    if (options.sendsOverWs) {
      const frame = await connected.clients[plan.sender]!.mutate!('chat.send', input);
      if (frame.error) failures.push({ id, error: frame.error.json?.message ?? JSON.stringify(frame.error) });
      else deliveries.ackAt[id] = performance.now();
      return;
    }
    let lastError = '';
    for (let attempt = 0; attempt < 4; attempt++) {
      if (attempt > 0) {
        retries += 1;
        await sleep(100 * 2 ** attempt);
      }
      try {
        const response = await fetch(`http://127.0.0.1:${servers[sender.server]!.port}/trpc/chat.send`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: sender.cookie },
          body,
        });
        const text = await response.text();
        if (response.ok) {
          deliveries.ackAt[id] = performance.now();
          return;
        }
        lastError = `HTTP ${response.status}: ${text.slice(0, 300)}`;
        // a retry with the same clientId is safe (ADR 0017) but pointless for a refusal
        if (response.status < 500) break;
      } catch (error) {
        lastError = error instanceof Error ? error.message : String(error);
      }
    }
    failures.push({ id, error: lastError });
  });
  log(`all sends answered; waiting for deliveries (${deliveries.delivered}/${plans.length} so far)`);
  await drain(deliveries);
  const generator = process.cpuUsage(generatorBefore);
  const pgCpuAfter = await postgresCpu(pool);
  const cpuAfterSends = pids.map(processCpuSeconds);
  sampler.stop();
  const spanMs = deliveries.span();
  log(`delivered ${deliveries.delivered}/${plans.length} (echo ${deliveries.echoes}/${plans.length}) in ${(spanMs / 1000).toFixed(2)} s`);

  const processes: ProcessReport[] = servers.map((server, i) => ({
    label: server.label,
    pid: server.pid,
    clients: members.filter((member) => member.server === i).length,
    rssMiB: {
      started: startedRss[i]!,
      afterConnect: idleRss[i]!,
      peakDuringSends: sampler.peak(server.pid),
      highWaterMark: processMemory(server.pid)?.hwmMiB ?? Number.NaN,
    },
    cpuSeconds: { connect: round(cpuAfterConnect[i]! - cpuAtStart[i]!), sends: round(cpuAfterSends[i]! - cpuAfterConnect[i]!) },
  }));

  state.closing = true;
  for (const client of connected.clients) client.close();
  for (const server of servers) await server.stop();

  return {
    name: `${name}, ${options.servers} processes`,
    processes,
    connect: { wallMs: round(connected.wallMs), perClient: connected.perClient },
    sends: {
      spanMs: round(spanMs),
      messagesPerSecond: Math.round((plans.length / spanMs) * 1000),
      retries,
      failures,
      generatorCpuSeconds: round((generator.user + generator.system) / 1e6),
    },
    latencyMs: deliveries.latencies(),
    droppedSockets: state.dropped,
    streamErrors: state.errors.slice(0, 20),
    verification: deliveries.verify(),
    postgresBackendCpuSecondsDuringSends: cpuDelta(pgCpuBefore, pgCpuAfter),
  };
}

async function runBaseline(members: Member[]): Promise<RunReport> {
  const plans = planMessages(options.messages, options.clients, options.servers, options.cross, options.seed);
  const deliveries = new Deliveries(plans, options.clients);

  log('starting the bare ws relay (baseline)');
  const relay = await startChild('ws-relay', RELAY_ENTRY, {}, root);
  cleanups.push({ name: 'stop relay', run: () => relay.stop() });
  const startedRss = processMemory(relay.pid)?.rssMiB ?? Number.NaN;
  const cpuAtStart = processCpuSeconds(relay.pid);

  const state = { closing: false, dropped: 0 };
  const connected = await connectAll(options.clients, options.connectConcurrency, (index) => openRelayClient(members[index]!, relay.port, deliveries, state));
  cleanups.push({
    name: 'close relay clients',
    run: async () => {
      state.closing = true;
      for (const client of connected.clients) client?.close();
    },
  });
  log(`baseline: ${options.clients} clients connected in ${(connected.wallMs / 1000).toFixed(2)} s`);

  await sleep(1000);
  const idleRss = processMemory(relay.pid)?.rssMiB ?? Number.NaN;
  const cpuAfterConnect = processCpuSeconds(relay.pid);
  const sampler = new MemorySampler([relay.pid]);
  sampler.start();
  const generatorBefore = process.cpuUsage();

  // the sender's own copy is its acknowledgement, as chat.send's answer is in the Curio run
  const waiting = new Map<number, () => void>();
  deliveries.onEcho = (id) => {
    waiting.get(id)?.();
    waiting.delete(id);
  };
  const failures: SendReport['failures'] = [];
  log(`baseline: relaying ${options.messages} messages, ${options.concurrency} in flight`);
  await runSenders(options.messages, options.concurrency, async (id) => {
    const plan = plans[id]!;
    const sentAt = performance.now();
    deliveries.sentAt[id] = sentAt;
    const echoed = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 10_000);
      waiting.set(id, () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    connected.clients[plan.sender]!.socket.send(JSON.stringify({ to: plan.receiver, m: messageContent(id, sentAt) }));
    if (await echoed) deliveries.ackAt[id] = performance.now();
    else failures.push({ id, error: 'no echo within 10 s' });
  });
  await drain(deliveries);
  const generator = process.cpuUsage(generatorBefore);
  const cpuAfterSends = processCpuSeconds(relay.pid);
  sampler.stop();
  const spanMs = deliveries.span();
  log(`baseline: delivered ${deliveries.delivered}/${plans.length} in ${(spanMs / 1000).toFixed(2)} s`);

  const processes: ProcessReport[] = [
    {
      label: relay.label,
      pid: relay.pid,
      clients: options.clients,
      rssMiB: {
        started: startedRss,
        afterConnect: idleRss,
        peakDuringSends: sampler.peak(relay.pid),
        highWaterMark: processMemory(relay.pid)?.hwmMiB ?? Number.NaN,
      },
      cpuSeconds: { connect: round(cpuAfterConnect - cpuAtStart), sends: round(cpuAfterSends - cpuAfterConnect) },
    },
  ];
  state.closing = true;
  for (const client of connected.clients) client.close();
  await relay.stop();

  return {
    name: 'bare ws relay, 1 process',
    processes,
    connect: { wallMs: round(connected.wallMs), perClient: connected.perClient },
    sends: {
      spanMs: round(spanMs),
      messagesPerSecond: Math.round((plans.length / spanMs) * 1000),
      retries: 0,
      failures,
      generatorCpuSeconds: round((generator.user + generator.system) / 1e6),
    },
    latencyMs: deliveries.latencies(),
    droppedSockets: state.dropped,
    streamErrors: [],
    verification: deliveries.verify(),
  };
}

// ---------------------------------------------------------------------------------------------
// report

function ratio(ours: number, base: number): number {
  return round(ours / base, 2);
}

/**
 * The chat targets of docs/performance.md "Chat fan-out". CPU per message counts both Curio server
 * processes and the PostgreSQL backends serving the bench database (read from /proc), over the
 * sends, divided by the messages sent. RSS is the larger process's peak while the clients are
 * connected and the messages flow. A missed target says where this run's time or memory went.
 */
/** CPU per message of a run's servers and of the PostgreSQL backends serving them, in ms. */
function cpuPerMessage(run: RunReport): { servers: number; postgres: number; total: number } {
  const servers = (run.processes.reduce((sum, p) => sum + p.cpuSeconds.sends, 0) * 1000) / options.messages;
  const postgres = ((run.postgresBackendCpuSecondsDuringSends ?? 0) * 1000) / options.messages;
  return { servers, postgres, total: servers + postgres };
}

function chatTargets(curio: RunReport, baseline: RunReport | null, bare: RunReport | null): BenchTarget[] {
  const messages = options.messages;
  const cpu = cpuPerMessage(curio);
  const split = `servers ${round(cpu.servers)} ms + PostgreSQL backends ${round(cpu.postgres)} ms per message`;
  const load = `load average ${os
    .loadavg()
    .map((n) => round(n, 1))
    .join(' / ')} on ${os.cpus().length} cores`;
  // the goal is in MB (10^6 bytes), /proc gives KiB: 200 MB is 190.7 MiB
  const rss = (Math.max(...curio.processes.map((p) => Math.max(p.rssMiB.afterConnect, p.rssMiB.peakDuringSends))) * 1024 * 1024) / 1e6;
  const started = Math.max(...curio.processes.map((p) => p.rssMiB.started));
  const connected = Math.max(...curio.processes.map((p) => p.rssMiB.afterConnect));
  const v = curio.verification;
  const rate = baseline ? curio.sends.messagesPerSecond / baseline.sends.messagesPerSecond : Number.NaN;
  const bareCpu = bare ? cpuPerMessage(bare) : null;
  const bareRate = bare && baseline ? bare.sends.messagesPerSecond / baseline.sends.messagesPerSecond : Number.NaN;
  const bareFigures = bare
    ? `; the bare tRPC chat (the same HTTP request, durable statement with its NOTIFY and tRPC delivery, nothing of Curio's own) reaches ${round(bareRate, 3)}× the relay at ${round(bareCpu!.total)} ms (servers ${round(bareCpu!.servers)} + PostgreSQL ${round(bareCpu!.postgres)}) per message`
    : '';
  const cpuBound = `each send is CPU-bound on the shared cores (${split}; ${load}); the relay spends ${baseline ? round((baseline.processes[0]!.cpuSeconds.sends * 1000) / messages, 3) : '–'} ms${bareFigures}`;
  return [
    target('chat messages/s vs bare relay', rate, 'min', 0.25, '×', baseline ? cpuBound : 'baseline skipped'),
    target(
      'chat delivery p99',
      curio.latencyMs.delivery.p99,
      'max',
      50,
      'ms',
      `sends queue for CPU: send answered p99 ${curio.latencyMs.ack.p99} ms; ${cpuBound}`,
    ),
    target(
      'chat server CPU per message',
      cpu.total,
      'max',
      2,
      'ms',
      `${split}: an HTTP request (its session held in memory after the first, ADR 0041), then the send's one statement (chat_send_limited, which also spends the sender's budget)`,
    ),
    target(
      'chat server RSS per process with 1,000 clients',
      rss,
      'max',
      200,
      'MB',
      `${round(started, 0)} MiB at start (the server's modules, their TypeScript stripped at load, and the V8 heap), ` +
        `${round(connected, 0)} MiB with the clients connected; the rest of the peak is garbage V8 has not collected yet: its young generation (up to 2 × 64 MiB) and objects promoted to the old one (docs/performance.md "Server process memory")`,
    ),
    target('chat lost + duplicated + out of order', v.lost + v.duplicated + v.outOfOrder, 'max', 0, 'count', JSON.stringify(v)),
    // what the transport costs without Curio: Curio's own share of the gap to the relay is the rest
    ...(bare && baseline
      ? [
          reported('chat bare tRPC chat messages/s vs bare relay', bareRate, '×'),
          reported('chat messages/s vs bare tRPC chat', curio.sends.messagesPerSecond / bare.sends.messagesPerSecond, '×'),
        ]
      : []),
  ];
}

function printTable(curio: RunReport, baseline: RunReport | null, bare: RunReport | null): string[] {
  const c = curio.latencyMs;
  const b = baseline?.latencyMs;
  const ms = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? '–' : n.toFixed(1));
  const x = (ours: number, base: number | undefined) => (base ? `${ratio(ours, base)}×` : '–');
  const rss = (report: RunReport, key: keyof ProcessReport['rssMiB']) => report.processes.map((p) => p.rssMiB[key].toFixed(0)).join(' + ');
  const sumRss = (report: RunReport, key: keyof ProcessReport['rssMiB']) => report.processes.reduce((sum, p) => sum + p.rssMiB[key], 0);
  const cpu = (report: RunReport) => report.processes.map((p) => p.cpuSeconds.sends.toFixed(1)).join(' + ');
  const v = curio.verification;
  const vb = baseline?.verification;
  const rows: Array<[string, string, string, string]> = [
    ['delivery p50 (ms)', ms(c.delivery.p50), ms(b?.delivery.p50), x(c.delivery.p50, b?.delivery.p50)],
    ['delivery p95 (ms)', ms(c.delivery.p95), ms(b?.delivery.p95), x(c.delivery.p95, b?.delivery.p95)],
    ['delivery p99 (ms)', ms(c.delivery.p99), ms(b?.delivery.p99), x(c.delivery.p99, b?.delivery.p99)],
    ['delivery max (ms)', ms(c.delivery.max), ms(b?.delivery.max), x(c.delivery.max, b?.delivery.max)],
    ['  across processes p50 / p99 (ms)', `${ms(c.deliveryCross.p50)} / ${ms(c.deliveryCross.p99)}`, '–', '–'],
    ['  same process p50 / p99 (ms)', `${ms(c.deliverySame.p50)} / ${ms(c.deliverySame.p99)}`, '–', '–'],
    ['send answered p50 / p99 (ms)', `${ms(c.ack.p50)} / ${ms(c.ack.p99)}`, b ? `${ms(b.ack.p50)} / ${ms(b.ack.p99)}` : '–', x(c.ack.p50, b?.ack.p50)],
    [
      'messages/s',
      String(curio.sends.messagesPerSecond),
      String(baseline?.sends.messagesPerSecond ?? '–'),
      x(curio.sends.messagesPerSecond, baseline?.sends.messagesPerSecond),
    ],
    [
      `connect + subscribe ${options.clients} clients (s)`,
      (curio.connect.wallMs / 1000).toFixed(2),
      baseline ? (baseline.connect.wallMs / 1000).toFixed(2) : '–',
      x(curio.connect.wallMs, baseline?.connect.wallMs),
    ],
    ['server RSS at start (MiB)', rss(curio, 'started'), baseline ? rss(baseline, 'started') : '–', '–'],
    [
      'server RSS after connect (MiB)',
      rss(curio, 'afterConnect'),
      baseline ? rss(baseline, 'afterConnect') : '–',
      x(sumRss(curio, 'afterConnect'), baseline ? sumRss(baseline, 'afterConnect') : undefined),
    ],
    [
      'server RSS peak during sends (MiB)',
      rss(curio, 'peakDuringSends'),
      baseline ? rss(baseline, 'peakDuringSends') : '–',
      x(sumRss(curio, 'peakDuringSends'), baseline ? sumRss(baseline, 'peakDuringSends') : undefined),
    ],
    ['server CPU during sends (s)', cpu(curio), baseline ? cpu(baseline) : '–', '–'],
    ['PostgreSQL backends CPU during sends (s)', String(curio.postgresBackendCpuSecondsDuringSends ?? '–'), '–', '–'],
    ['lost / duplicated / out of order', `${v.lost} / ${v.duplicated} / ${v.outOfOrder}`, vb ? `${vb.lost} / ${vb.duplicated} / –` : '–', '–'],
    ['sender copy lost / duplicated', `${v.echoLost} / ${v.echoDuplicated}`, vb ? `${vb.echoLost} / ${vb.echoDuplicated}` : '–', '–'],
  ];
  const lines = [
    `| ${options.clients} clients, ${options.messages} messages, ${options.concurrency} in flight | ${curio.name} | ${baseline?.name ?? 'baseline skipped'} | Curio / baseline |`,
    '|---|---:|---:|---:|',
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ];
  if (bare) {
    const cb = cpuPerMessage(curio);
    const bb = cpuPerMessage(bare);
    const vr = bare.verification;
    const bareRows: Array<[string, string, string, string]> = [
      [
        'messages/s',
        String(bare.sends.messagesPerSecond),
        x(bare.sends.messagesPerSecond, baseline?.sends.messagesPerSecond),
        x(curio.sends.messagesPerSecond, bare.sends.messagesPerSecond),
      ],
      [
        'delivery p50 / p99 (ms)',
        `${ms(bare.latencyMs.delivery.p50)} / ${ms(bare.latencyMs.delivery.p99)}`,
        `${x(bare.latencyMs.delivery.p50, b?.delivery.p50)} / ${x(bare.latencyMs.delivery.p99, b?.delivery.p99)}`,
        `${x(c.delivery.p50, bare.latencyMs.delivery.p50)} / ${x(c.delivery.p99, bare.latencyMs.delivery.p99)}`,
      ],
      [
        'send answered p50 / p99 (ms)',
        `${ms(bare.latencyMs.ack.p50)} / ${ms(bare.latencyMs.ack.p99)}`,
        '–',
        `${x(c.ack.p50, bare.latencyMs.ack.p50)} / ${x(c.ack.p99, bare.latencyMs.ack.p99)}`,
      ],
      ['servers CPU per message (ms)', round(bb.servers, 3).toString(), '–', x(cb.servers, bb.servers)],
      ['PostgreSQL backends CPU per message (ms)', round(bb.postgres, 3).toString(), '–', x(cb.postgres, bb.postgres)],
      ['server RSS after connect / peak (MiB)', `${rss(bare, 'afterConnect')} / ${rss(bare, 'peakDuringSends')}`, '–', '–'],
      ['lost / duplicated / out of order', `${vr.lost} / ${vr.duplicated} / ${vr.outOfOrder}`, '–', '–'],
    ];
    lines.push(
      '',
      `| ${options.clients} clients, ${options.messages} messages, ${options.concurrency} in flight | ${bare.name} | bare tRPC chat / relay | Curio / bare tRPC chat |`,
      '|---|---:|---:|---:|',
      ...bareRows.map((row) => `| ${row.join(' | ')} |`),
    );
  }
  console.log(`\n${lines.join('\n')}\n`);
  return lines;
}

function describeMachine(postgresVersion: string) {
  const cpus = os.cpus();
  let commit: string | null;
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    commit = null;
  }
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    postgres: postgresVersion,
    loadAverageAtStart: os.loadavg().map((n) => round(n, 2)),
    commit,
  };
}

// ---------------------------------------------------------------------------------------------
// main

async function main(): Promise<number> {
  console.log(`chat fan-out bench: ${JSON.stringify(options)}`);
  log(`fresh database ${BENCH_DB}`);
  await prepareDatabase();
  const pool = new pg.Pool({ connectionString: benchUrl, max: 2 });
  cleanups.push({ name: 'close bench pool', run: () => pool.end() });
  const postgresVersion = (await pool.query<{ v: string }>(`SELECT current_setting('server_version') AS v`)).rows[0]!.v;
  const machine = describeMachine(postgresVersion);
  const members = await createMembers(pool, options.clients, options.servers);
  log(`${members.length} members with sessions`);

  const curio = await runServers(members, pool, 'curio');
  const bare = options.bare ? await runServers(members, pool, 'bare') : null;
  const baseline = options.baseline ? await runBaseline(members) : null;

  const table = printTable(curio, baseline, bare);
  const targets = chatTargets(curio, baseline, bare);
  for (const t of targets) console.log(`${t.met ? 'met    ' : 'NOT MET'} ${t.name}: ${t.value} ${t.unit} (${t.bound} ${t.goal})${t.why ? ` – ${t.why}` : ''}`);
  const failed = !curio.verification.ok || curio.sends.failures.length > 0 || curio.droppedSockets > 0;
  if (curio.sends.failures.length > 0) console.error(`failed sends (first 5): ${JSON.stringify(curio.sends.failures.slice(0, 5))}`);
  if (curio.streamErrors.length > 0) console.error(`stream errors (first 5): ${JSON.stringify(curio.streamErrors.slice(0, 5))}`);
  if (baseline && !baseline.verification.ok) console.warn(`baseline verification: ${JSON.stringify(baseline.verification)}`);
  if (bare && (!bare.verification.ok || bare.sends.failures.length > 0)) {
    console.warn(`bare tRPC chat: ${JSON.stringify({ ...bare.verification, failedSends: bare.sends.failures.slice(0, 5) })}`);
  }
  console.log(
    failed
      ? `FAILED: ${JSON.stringify({ ...curio.verification, failedSends: curio.sends.failures.length, droppedSockets: curio.droppedSockets })}`
      : `OK: all ${options.messages} messages delivered exactly once to receiver and sender, in seq order`,
  );

  const measuredAt = new Date();
  const result = {
    measuredAt: measuredAt.toISOString(),
    machine,
    options,
    curio,
    baseline,
    bare,
    ratios: baseline
      ? {
          deliveryP50: ratio(curio.latencyMs.delivery.p50, baseline.latencyMs.delivery.p50),
          deliveryP99: ratio(curio.latencyMs.delivery.p99, baseline.latencyMs.delivery.p99),
          messagesPerSecond: ratio(curio.sends.messagesPerSecond, baseline.sends.messagesPerSecond),
        }
      : null,
    ok: !failed,
    table,
    targets,
  };
  if (options.save) {
    const dir = path.join(root, 'bench/results');
    await mkdir(dir, { recursive: true });
    const stamp = measuredAt.toISOString().replace(/[:.]/g, '-');
    const json = `${JSON.stringify(result, null, 2)}\n`;
    await writeFile(path.join(dir, `chat-fanout-${stamp}.json`), json);
    await writeFile(path.join(dir, 'chat-fanout-latest.json'), json);
    console.log(`wrote bench/results/chat-fanout-${stamp}.json and chat-fanout-latest.json`);
  }
  return failed ? 1 : 0;
}

let exitCode: number;
try {
  exitCode = await main();
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await cleanup();
}
process.exit(exitCode);
