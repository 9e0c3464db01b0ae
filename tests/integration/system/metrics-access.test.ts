import { describe, expect, test } from '../../helpers/fixtures.ts';
import { loadConfig } from '../../../server/src/config.ts';
import { startServer, type RunningServer } from '../../../server/src/server.ts';

/**
 * /metrics names procedures, rates and pool use: with METRICS_TOKEN set it wants that token,
 * otherwise it answers only this machine, judged by the client address TRUST_PROXY allows.
 */
const TOKEN = 'metrics-token-for-the-test';
let withToken: RunningServer;
let loopbackOnly: RunningServer;

test.beforeAll(async ({ db, services }) => {
  const base = { port: 0, host: '127.0.0.1', dataDir: services.config.dataDir };
  withToken = await startServer({ ...loadConfig({ METRICS_TOKEN: TOKEN }), ...base }, { dbHandle: db, jobs: false });
  loopbackOnly = await startServer({ ...loadConfig({ TRUST_PROXY: 'loopback' }), ...base }, { dbHandle: db, jobs: false });
});
test.afterAll(async () => {
  await withToken?.close();
  await loopbackOnly?.close();
});

const scrape = (server: RunningServer, headers: Record<string, string> = {}) => fetch(`${server.url}/metrics`, { headers });

describe('who may read /metrics', () => {
  test('with METRICS_TOKEN: the bearer token, and nothing else, even from this machine', async () => {
    expect((await scrape(withToken)).status).toBe(401);
    expect((await scrape(withToken, { authorization: 'Bearer metrics-token-for-the-tesT' })).status).toBe(401);
    expect((await scrape(withToken, { authorization: `Basic ${TOKEN}` })).status).toBe(401);
    const allowed = await scrape(withToken, { authorization: `Bearer ${TOKEN}` });
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toContain('# TYPE curio_http_request_duration_seconds histogram');
  });

  test('without it: this machine only; a client a trusted proxy names from elsewhere is not found', async () => {
    expect((await scrape(loopbackOnly)).status).toBe(200);
    expect((await scrape(loopbackOnly, { 'x-forwarded-for': '203.0.113.7' })).status).toBe(404);
  });
});
