import { afterAll, beforeAll, expect, test } from 'vitest';
import { startServer, type RunningServer } from '../../../server/src/server.ts';
import { loadConfig } from '../../../server/src/config.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-db.ts';

/** Behind https the headers add HSTS and upgrade-insecure-requests (ADR 0026). */
let db: TestDatabase;
let running: RunningServer;
beforeAll(async () => {
  db = await createTestDatabase();
  running = await startServer({ ...loadConfig({ PUBLIC_ORIGIN: 'https://curio.example' }), port: 0, host: '127.0.0.1' }, { dbHandle: db, jobs: false });
});
afterAll(async () => {
  await running?.close();
  await db?.close();
});

test('an https public origin turns on HSTS and names its wss origin for sockets', async () => {
  const response = await fetch(`${running.url}/healthz`);
  expect(response.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
  const csp = response.headers.get('content-security-policy') ?? '';
  expect(csp).toContain('upgrade-insecure-requests');
  expect(csp).toContain("connect-src 'self' wss://curio.example");
  expect(csp).toContain("frame-ancestors 'none'");
});
