import { startServer } from '../../../server/src/server.ts';
import { loadConfig } from '../../../server/src/config.ts';
import { expect, test } from '../../helpers/fixtures.ts';

/** Behind https the headers add HSTS and upgrade-insecure-requests (ADR 0026). */
test.override('server', async ({ db }, { onCleanup }) => {
  const running = await startServer({ ...loadConfig({ PUBLIC_ORIGIN: 'https://curio.example' }), port: 0, host: '127.0.0.1' }, { dbHandle: db, jobs: false });
  onCleanup(() => running.close());
  return running;
});

test('an https public origin turns on HSTS and names its wss origin for sockets', async ({ server }) => {
  const response = await fetch(`${server.url}/healthz`);
  expect(response.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
  const csp = response.headers.get('content-security-policy') ?? '';
  expect(csp).toContain('upgrade-insecure-requests');
  expect(csp).toContain("connect-src 'self' wss://curio.example");
  expect(csp).toContain("frame-ancestors 'none'");
});
