import { request as httpRequest } from 'node:http';
import { WebSocket } from 'ws';
import { startServer, type RunningServer } from '../../server/src/server.ts';
import { loadConfig } from '../../server/src/config.ts';
import { hostMatcher } from '../../server/src/http/host-check.ts';
import { describe, expect, test } from '../helpers/fixtures.ts';

/**
 * The Host check (ADR 0044). A DNS-rebinding page (attacker.example resolving to 127.0.0.1)
 * sends its own name as Host; before this check, with DEV_OUTBOX=true, it could read reset links
 * from /dev/outbox. Probes and /metrics answer any Host: balancers call them by address.
 */

/** A GET with the Host header of our choosing (fetch will not send a foreign one). */
function get(port: number, path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, headers: { host } }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

/** Whether a WebSocket upgrade with this Host is accepted. */
function upgrade(port: number, host: string): Promise<'open' | number> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/trpc-ws`, { headers: { host } });
    socket.on('open', () => {
      socket.close();
      resolve('open');
    });
    socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.on('error', () => undefined);
  });
}

describe('which Host names are answered', () => {
  test('the public origin, and loopback names only in development or for a loopback origin', () => {
    const deployed = hostMatcher({ publicOrigin: 'https://curio.example.com', production: true });
    expect(deployed('curio.example.com')).toBe(true);
    expect(deployed('CURIO.example.com:443')).toBe(true);
    expect(deployed('curio.example.com:8443')).toBe(false);
    expect(deployed('attacker.example')).toBe(false);
    expect(deployed('localhost:3000')).toBe(false);
    expect(deployed('127.0.0.1:3000')).toBe(false);
    expect(deployed(undefined)).toBe(false);
    expect(deployed('curio.example.com@attacker.example')).toBe(false);

    const laptop = hostMatcher({ publicOrigin: 'http://localhost:3000', production: false });
    for (const host of ['localhost:3000', 'localhost:5173', '127.0.0.1:3000', '127.1.2.3', '[::1]:3000', 'app.localhost:3000'])
      expect(laptop(host), host).toBe(true);
    for (const host of ['attacker.example:3000', '192.168.1.20:3000', 'localhost.attacker.example', '0.0.0.0:3000']) expect(laptop(host), host).toBe(false);

    // a production start whose public origin is this machine (the container check, a trial)
    expect(hostMatcher({ publicOrigin: 'http://localhost:3000', production: true })('127.0.0.1:3000')).toBe(true);
  });
});

describe('a development server with the dev outbox, reached by a rebinding name', () => {
  let running: RunningServer;
  let port: number;

  test.beforeAll(async ({ db, services }) => {
    const config = { ...loadConfig({ DEV_OUTBOX: 'true' }), port: 0, host: '127.0.0.1', dataDir: services.config.dataDir };
    running = await startServer(config, { dbHandle: db, jobs: false });
    port = Number(new URL(running.url).port);
  });
  test.afterAll(async () => {
    await running?.close();
  });

  test('refuses a foreign Host with 421 before any route: the outbox, the API, the app and the socket', async () => {
    for (const path of ['/dev/outbox?to=victim@example.test', '/trpc/auth.me', '/', '/uploads/x.png']) {
      const answer = await get(port, path, `attacker.example:${port}`);
      expect(answer.status, path).toBe(421);
      expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'MISDIRECTED_HOST' } });
    }
    expect(await upgrade(port, `attacker.example:${port}`)).toBe(403);
  });

  test('answers its own names, and the probes answer any Host', async () => {
    expect((await get(port, '/dev/outbox?to=victim@example.test', `localhost:${port}`)).status).toBe(200);
    expect((await get(port, '/trpc/auth.me', `127.0.0.1:${port}`)).status).toBe(200);
    expect(await upgrade(port, `localhost:${port}`)).toBe('open');
    for (const path of ['/healthz', '/readyz', '/metrics']) expect((await get(port, path, 'attacker.example')).status, path).toBe(200);
  });
});
