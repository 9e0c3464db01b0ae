import { request } from 'node:http';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { RATE_LIMITS } from '../../../server/src/rate-limits/budgets.ts';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { NEEDS_POSTGRES, onRealPostgres, type TestDatabase } from '../../helpers/test-db.ts';
import { startServerProcess, type ServerProcess } from '../../helpers/server-process.ts';
import { insertTestUser } from '../../helpers/users.ts';
import { SubscriptionRecorder, createTestSession, openWsClient } from '../../helpers/ws-client.ts';
import { systemClock } from '../../../server/src/clock.ts';

/**
 * `WEB_CONCURRENCY=2 node server/src/main.ts` on PostgreSQL: two worker processes share one
 * port, and whichever one a connection lands on, the member sees one marketplace. Each request
 * here opens its own connection, which the cluster hands to the workers in turn; the access log
 * (its pid per line) shows that both answered.
 */
const realPostgres = onRealPostgres();
if (!realPostgres) console.warn(`[workers] skipped: ${NEEDS_POSTGRES}`);

describe.skipIf(!realPostgres)('two workers on one port (WEB_CONCURRENCY=2)', () => {
  let db: TestDatabase;
  let server: ServerProcess;
  let dataDir: string;

  test.beforeAll(async ({ db: fileDb }) => {
    db = fileDb;
    dataDir = await mkdtemp(path.join(tmpdir(), 'curio-workers-'));
    server = await startServerProcess({ DATABASE_URL: db.url!, WEB_CONCURRENCY: '2', DATA_DIR: dataDir, COOKIE_SECURE: 'false' }, { timeoutMs: 90_000 });
  }, 120_000);
  test.afterAll(async () => {
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  interface Answer {
    status: number;
    body: Buffer;
    requestId: string;
  }

  /** One request on a connection of its own, so the cluster picks a worker for it. */
  function send(method: string, urlPath: string, options: { body?: Buffer | string; headers?: Record<string, string> } = {}): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = request(`${server.url}${urlPath}`, { method, agent: false, headers: options.headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), requestId: String(res.headers['x-request-id']) }));
      });
      req.on('error', reject);
      req.end(options.body);
    });
  }

  const call = (procedure: string, json: unknown, cookie?: string) =>
    send('POST', `/trpc/${procedure}`, { body: JSON.stringify({ json }), headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) } });

  /** The pid of the worker that answered each request, from its access line. */
  function workersThatAnswered(answers: Answer[]): Set<number> {
    const pids = new Map<string, number>();
    for (const line of server.output().split('\n')) {
      if (!line.startsWith('{')) continue;
      const entry = JSON.parse(line) as { reqId?: string; pid: number; res?: unknown };
      if (entry.reqId && entry.res) pids.set(entry.reqId, entry.pid);
    }
    return new Set(answers.map((answer) => pids.get(answer.requestId) ?? -1));
  }

  async function waitForAccessLines(answers: Answer[]): Promise<Set<number>> {
    for (let i = 0; i < 100; i++) {
      const pids = workersThatAnswered(answers);
      if (!pids.has(-1)) return pids;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`access lines missing for ${answers.map((answer) => answer.requestId).join(', ')} in:\n${server.output().slice(-3000)}`);
  }

  test('wrong passwords sent to either worker spend one budget', async () => {
    const victim = await insertTestUser(db.db);
    const budget = RATE_LIMITS.signInFailuresPerAccountAndIp.points;
    const answers: Answer[] = [];
    for (let i = 0; i < budget; i++) answers.push(await call('auth.signIn', { email: victim.email, password: `wrong-${i}` }));
    expect(answers.map((answer) => answer.status)).toEqual(Array(budget).fill(401));
    const refused = [
      await call('auth.signIn', { email: victim.email, password: 'one-more' }),
      await call('auth.signIn', { email: victim.email, password: 'and-one-more' }),
    ];
    expect(refused.map((answer) => answer.status)).toEqual([429, 429]);
    expect((await waitForAccessLines([...answers, ...refused])).size).toBe(2);
  });

  test('a chat message sent through one worker reaches sockets held by both', async () => {
    const reader = await insertTestUser(db.db);
    const writer = await insertTestUser(db.db);
    const readerSession = await createTestSession(db.db, systemClock, reader.id);
    const writerSession = await createTestSession(db.db, systemClock, writer.id);
    // two sockets of the same member: the cluster hands their connections to the two workers
    const tabs = [openWsClient(server.url, { cookie: readerSession.cookie }), openWsClient(server.url, { cookie: readerSession.cookie })];
    try {
      const received = tabs.map((tab) => {
        const recorder = new SubscriptionRecorder<string>();
        tab.trpc.chat.onMessages.subscribe(undefined, { onData: (event) => recorder.push(event.data.content), onError: (error) => recorder.fail(error) });
        return recorder;
      });
      // the subscriptions are running once a query on the same sockets has answered
      await Promise.all(tabs.map((tab) => tab.trpc.system.publicSettings.query()));
      const metrics = (await send('GET', '/metrics')).body.toString();
      // the primary adds both workers' gauges up: one socket each
      expect(metrics).toMatch(/^curio_websocket_connections 2$/m);

      const sent = await call('chat.send', { peerId: reader.id, content: 'across the workers', clientId: randomUUID() }, writerSession.cookie);
      expect(sent.status).toBe(200);
      for (const recorder of received) expect(await recorder.waitForValues(1, 10_000)).toEqual(['across the workers']);
    } finally {
      await Promise.all(tabs.map((tab) => tab.close()));
    }
  });

  test('an image uploaded through one worker is served by both', async () => {
    const member = await insertTestUser(db.db);
    const { cookie } = await createTestSession(db.db, systemClock, member.id);
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#c0ffee' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
    const uploaded = await fetch(`${server.url}/api/uploads?purpose=listing`, { method: 'POST', body: form, headers: { cookie } });
    expect(uploaded.status).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };

    const reads = [await send('GET', url), await send('GET', url), await send('GET', url)];
    expect(reads.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect((await waitForAccessLines(reads)).size).toBe(2);
  });

  test('SIGTERM to the primary drains both workers and ends the process', async () => {
    await server.stop();
    const messages = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages).toContain('SIGTERM received, draining 2 workers');
    expect(messages.filter((message) => message === 'SIGTERM received, draining')).toHaveLength(2);
    expect(messages.at(-1)).toBe('all workers stopped');
  });
});
