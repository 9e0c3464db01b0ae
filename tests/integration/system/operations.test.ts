import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { startServerProcess, type ServerProcess } from '../../helpers/server-process.ts';
import { openWsClient } from '../../helpers/ws-client.ts';
import { ensureClientBuilt } from '../../../scripts/build-client.ts';
import { SERVICE_RESTART_CLOSE_CODE } from '../../../server/src/realtime/ws-server.ts';

/**
 * A production start as an operator runs it (`NODE_ENV=production node server/src/main.ts` on
 * the embedded database): JSON log lines with request ids, no addresses or secrets in them,
 * Prometheus metrics, readiness, cache headers for the built client, and a drain on SIGTERM.
 */
let dataDir: string;
let server: ServerProcess;

test.beforeAll(async () => {
  await ensureClientBuilt();
  dataDir = await mkdtemp(path.join(tmpdir(), 'curio-operations-'));
  server = await startServerProcess({ NODE_ENV: 'production', DATA_DIR: dataDir, AUTO_SEED: 'false', COOKIE_SECURE: 'false' });
}, 180_000);
test.afterAll(async () => {
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  component?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
}

function logLines(): LogLine[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as LogLine;
      } catch {
        throw new Error(`not a JSON log line: ${line}`);
      }
    });
}

function callProcedure(procedure: string, json: unknown, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/trpc/${procedure}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ json }),
  });
}

async function eventually<T>(read: () => T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never saw ${what}`);
}

describe('logs of a production start', () => {
  test('every line is JSON, and each line of a request carries its id, also the ones domain code writes', async () => {
    const email = 'ops-log-check@example.test';
    const response = await callProcedure('auth.signUp', { email, password: 'a-secret-password' });
    expect(response.status).toBe(200);
    const requestId = response.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f]{12}$/);

    const access = await eventually(() => logLines().find((line) => line.reqId === requestId && line.res), 'the access line');
    expect(access).toMatchObject({ level: 30, req: { method: 'POST', url: '/trpc/auth.signUp' }, res: { statusCode: 200 } });
    expect(access.responseTime).toBeGreaterThanOrEqual(0);
    // the verification mail is written by the accounts domain, which knows nothing of requests
    const mail = logLines().find((line) => line.component === 'mail' && line.reqId === requestId);
    expect(mail?.msg).toMatch(/kept in the outbox/);

    const output = server.output();
    expect(output).not.toContain(email);
    expect(output).not.toContain('a-secret-password');
    expect(output).not.toMatch(/https?:\/\/\S+token=/);
  });

  test('an error answer carries the request id a member can quote; a proxy-given id is kept', async () => {
    const response = await callProcedure('auth.signIn', { email: 'nobody@example.test', password: 'wrong-password' }, { 'x-request-id': 'lb-trace-00000001' });
    expect(response.status).toBe(401);
    expect(response.headers.get('x-request-id')).toBe('lb-trace-00000001');
    const body = (await response.json()) as { error: { json: { data: { requestId: string; appError: { code: string } } } } };
    expect(body.error.json.data.requestId).toBe('lb-trace-00000001');

    const unknown = await fetch(`${server.url}/api/nothing-here`);
    const unknownBody = (await unknown.json()) as { requestId: string };
    expect(unknownBody.requestId).toBe(unknown.headers.get('x-request-id'));
  });

  test('query values stay out of the log: links carry tokens', async () => {
    const response = await fetch(`${server.url}/reset-password?token=very-secret-reset-token`);
    const requestId = response.headers.get('x-request-id');
    const line = await eventually(() => logLines().find((entry) => entry.reqId === requestId && entry.res), 'the access line');
    expect(line.req?.url).toBe('/reset-password?token=…');
    expect(server.output()).not.toContain('very-secret-reset-token');
    // every access line names its request, whatever async context the answer finished in
    expect(logLines().filter((entry) => entry.res && !entry.reqId)).toEqual([]);
  });
});

describe('metrics, readiness and caching', () => {
  test('/metrics answers a loopback peer in Prometheus text with the request, procedure and process series', async () => {
    await callProcedure('system.publicSettings', {});
    const response = await fetch(`${server.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    for (const series of [
      'curio_http_request_duration_seconds_bucket{le="0.005",route="trpc",method="POST",status="2xx"}',
      'curio_trpc_procedure_duration_seconds_bucket{le="0.005",procedure="auth.signUp",type="mutation",outcome="ok"}',
      'curio_trpc_procedure_duration_seconds_count{procedure="auth.signIn",type="mutation",outcome="refused"}',
      'curio_mail_sends_total{transport="log",outcome="kept"}',
      '# TYPE curio_websocket_connections gauge',
      '# TYPE curio_websocket_subscriptions gauge',
      '# TYPE curio_event_bus_delivery_lag_seconds histogram',
      '# TYPE curio_event_bus_reconnects_total counter',
      '# TYPE curio_db_pool_waiting_requests gauge',
      '# TYPE curio_job_runs_total counter',
      'process_resident_memory_bytes',
    ]) {
      expect(text, series).toContain(series);
    }
    // labelled by procedure, never by id
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  });

  test('/readyz answers JSON; /healthz stays a liveness check', async () => {
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toMatchObject({ ready: true, checks: { database: { ok: true }, migrations: { ok: true, pending: [] } } });
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ ok: true });
  });

  test('hashed assets are immutable for a year, index.html is revalidated on every visit, a missing asset is a 404', async () => {
    const page = await fetch(`${server.url}/`);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const html = await page.text();
    const entry = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(entry).toBeTruthy();
    const asset = await fetch(`${server.url}${entry}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const missing = await fetch(`${server.url}/assets/index-00000000.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).not.toMatch(/html/);
  });
});

describe('SIGTERM drains', () => {
  test('a request in flight is answered, WebSockets are told to reconnect elsewhere, new connections are refused', async () => {
    const socket = openWsClient(server.url);
    // a socket counts once the server has it: a subscription call answers
    await socket.trpc.system.publicSettings.query();

    // half a request: its body is still on the way when the signal arrives
    const body = JSON.stringify({ json: { email: 'drain@example.test', password: 'wrong-password' } });
    const answered = new Promise<number>((resolve, reject) => {
      const req = request(
        `${server.url}/trpc/auth.signIn`,
        { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => req.end(body.slice(10)), 500);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stopped = server.stop();

    expect(await socket.nextClose()).toBe(SERVICE_RESTART_CLOSE_CODE);
    expect(await answered).toBe(401);
    await stopped;
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    expect(logLines().map((line) => line.msg)).toContain('SIGTERM received, draining');
    await socket.close();
  });
});
