import { mkdtemp, rm } from 'node:fs/promises';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { request as httpRequest } from 'node:http';
import { WebSocket } from 'ws';
import { startServer, type RunningServer } from '../../server/src/server.ts';
import { loadConfig } from '../../server/src/config.ts';
import { MAX_BATCH_SIZE, MAX_JSON_BODY_BYTES, MAX_JSON_DEPTH, MAX_WS_FRAME_BYTES, jsonDepth } from '../../server/src/http/request-limits.ts';
import { describe, expect, test } from '../helpers/fixtures.ts';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.ts';

/**
 * What a stranger can make a default start hold or show (ADR 0025): nothing for developers is
 * reachable, bodies and frames are bounded before they are parsed, and twenty 50 MB posts at
 * once leave the process's memory where it was.
 */

/** An address of this machine that is not loopback, when it has one. */
function externalAddress(): string | null {
  for (const addresses of Object.values(networkInterfaces())) {
    for (const address of addresses ?? []) if (address.family === 'IPv4' && !address.internal) return address.address;
  }
  return null;
}

function appCode(body: string): unknown {
  return (JSON.parse(body) as { error?: { json?: { data?: { appError?: { code?: string } } } } }).error?.json?.data?.appError?.code;
}

describe('a default start (npm start with no settings)', () => {
  let server: ServerProcess;
  let dataDir: string;

  // npm start's own process over its own embedded database, as a newcomer runs it: no fixture fits
  test.beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'curio-default-start-'));
    // no HOST, no NODE_ENV, no DEV_OUTBOX: what `npm start` on a laptop gets
    server = await startServerProcess({ DATA_DIR: dataDir, AUTO_SEED: 'false' }, { timeoutMs: 120_000 });
  }, 150_000);
  test.afterAll(async () => {
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  test('listens on 127.0.0.1 only', async () => {
    expect(server.output()).toContain(`listening on 127.0.0.1:${server.port}`);
    const external = externalAddress();
    if (external) {
      const outcome = await fetch(`http://${external}:${server.port}/healthz`).then(
        () => 'answered',
        () => 'refused',
      );
      expect(outcome).toBe('refused');
    }
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  test('serves no dev outbox', async () => {
    const response = await fetch(`${server.url}/dev/outbox?to=someone@example.test`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('text_body');
  });

  test('a 50 MB JSON body answers 413 REQUEST_TOO_LARGE before it is read; twenty at once leave memory flat', async () => {
    const huge = Buffer.alloc(50 * 1024 * 1024, 0x20);
    huge.write('{"json":{"email":"a@b.c","password":"', 0);
    // node:http rather than fetch: the server answers and hangs up while the body is still being
    // sent, and only a raw request reports that answer instead of the broken pipe that follows
    const post = () =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = httpRequest(`${server.url}/trpc/auth.signIn`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': huge.length },
        });
        request.on('response', (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
          response.on('error', reject);
        });
        request.on('error', (error) => {
          // a write after the answer fails (EPIPE, ECONNRESET); the answer is what counts
          if (!request.writableFinished) return;
          reject(error);
        });
        request.end(huge);
      });

    await post();
    const before = await server.rssBytes();
    const answers = await Promise.all(Array.from({ length: 20 }, post));
    const after = await server.rssBytes();
    for (const answer of answers) {
      expect(answer.status).toBe(413);
      expect(appCode(answer.body)).toBe('REQUEST_TOO_LARGE');
    }
    const grewMb = (after - before) / 1024 / 1024;
    console.log(`[request bounds] RSS ${Math.round(before / 1048576)} MB -> ${Math.round(after / 1048576)} MB after 20 parallel 50 MB posts`);
    // a thousand megabytes were sent; a server that read them would have grown by hundreds
    expect(grewMb).toBeLessThan(64);
  }, 120_000);
});

describe('bounds on one request (in process)', () => {
  let running: RunningServer;
  test.beforeAll(async ({ server }) => {
    running = server;
  });

  const post = (pathAndQuery: string, body: string) =>
    fetch(`${running.url}/trpc/${pathAndQuery}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  test('a body just under the cap is read; one just over answers 413', async () => {
    const padding = (size: number) => JSON.stringify({ json: { email: 'a@example.test', password: 'x'.repeat(size) } });
    const under = await post('auth.signIn', padding(MAX_JSON_BODY_BYTES - 200));
    expect(under.status).toBe(400);
    const over = await post('auth.signIn', padding(MAX_JSON_BODY_BYTES + 10));
    expect(over.status).toBe(413);
    expect(appCode(await over.text())).toBe('REQUEST_TOO_LARGE');
  });

  test(`JSON nested deeper than ${MAX_JSON_DEPTH} is refused as a validation failure, in a body or a query`, async () => {
    const deep = `{"json":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    expect(jsonDepth(deep)).toBe(5001);
    const posted = await post('auth.signIn', deep);
    expect(posted.status).toBe(400);
    expect(appCode(await posted.text())).toBe('VALIDATION_FAILED');
    const queried = await fetch(`${running.url}/trpc/marketplace.feed.page?input=${encodeURIComponent(`{"json":${'{"a":'.repeat(40)}1${'}'.repeat(40)}}`)}`);
    expect(queried.status).toBe(400);
    // brackets inside strings are text, not nesting
    expect(jsonDepth(JSON.stringify({ q: '[[[[{{{{' }))).toBe(1);
  });

  test(`a batch of more than ${MAX_BATCH_SIZE} calls is refused`, async () => {
    const paths = Array.from({ length: MAX_BATCH_SIZE + 1 }, () => 'auth.me').join(',');
    const response = await fetch(`${running.url}/trpc/${paths}?batch=1&input=${encodeURIComponent('{}')}`);
    expect(response.status).toBe(400);
  });

  test(`a WebSocket frame over ${MAX_WS_FRAME_BYTES / 1024} KiB closes that socket (1009)`, async () => {
    const socket = new WebSocket(`${running.url.replace('http', 'ws')}/trpc-ws`);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    socket.send('x'.repeat(MAX_WS_FRAME_BYTES + 1));
    expect(await closed).toBe(1009);
  });
});

describe('the dev outbox when enabled', () => {
  test('is off in production whatever DEV_OUTBOX says, and off unless DEV_OUTBOX=true', () => {
    expect(loadConfig({ DEV_OUTBOX: 'true', NODE_ENV: 'production' }).devOutbox).toBe(false);
    expect(loadConfig({}).devOutbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).devOutbox).toBe(false);
    expect(loadConfig({ DEV_OUTBOX: 'true' }).devOutbox).toBe(true);
    expect(loadConfig({}).host).toBe('127.0.0.1');
  });

  test('answers loopback peers only, whatever X-Forwarded-For claims', async ({ db }) => {
    // a server of its own on every interface with the dev outbox on, over the file's database
    const running = await startServer(
      { ...loadConfig({ DEV_OUTBOX: 'true', TRUST_PROXY: 'loopback' }), port: 0, host: '0.0.0.0' },
      { dbHandle: db, jobs: false },
    );
    try {
      const port = running.url.split(':').at(-1);
      expect((await fetch(`http://127.0.0.1:${port}/dev/outbox?to=a@example.test`)).status).toBe(200);
      const spoofed = await fetch(`http://127.0.0.1:${port}/dev/outbox`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(spoofed.status).toBe(200);
      const external = externalAddress();
      if (external) {
        // by its own name the external address is not this server's host (ADR 0044)
        expect((await fetch(`http://${external}:${port}/dev/outbox?to=a@example.test`)).status).toBe(421);
        // and naming a loopback host from it does not make the peer loopback: the outbox still refuses
        const asLocalhost = await new Promise<number>((resolve, reject) => {
          const request = httpRequest(
            { host: external, port: Number(port), path: '/dev/outbox?to=a@example.test', headers: { host: `localhost:${port}` } },
            (response) => {
              response.resume();
              resolve(response.statusCode ?? 0);
            },
          );
          request.on('error', reject);
          request.end();
        });
        expect(asLocalhost).toBe(404);
      }
    } finally {
      await running.close();
    }
  });
});
