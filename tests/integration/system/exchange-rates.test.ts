import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';
import { DISPLAY_CURRENCIES, FALLBACK_RATES, ZExchangeRates } from '@curio/shared';
import { describe, expect, test, vi } from '../../helpers/fixtures.ts';
import { callerFor } from '../../helpers/services.ts';
import { RatesService, ratesLog, ratesServiceFor } from '../../../server/src/domain/wallet/rates-service.ts';
import { startBackgroundJobs } from '../../../server/src/jobs/start-jobs.ts';
import { ManualClock } from '../../../server/src/clock.ts';

/** A stand-in for open.er-api.com on 127.0.0.1: answers whatever the test sets. */
interface FakeRatesApi {
  url: string;
  requests: number;
  respond: (status: number, body: unknown) => void;
  hang: () => void;
  close: () => Promise<void>;
}

async function startFakeRatesApi(): Promise<FakeRatesApi> {
  let status = 200;
  let body: unknown = {};
  let hanging = false;
  const api = { requests: 0 } as FakeRatesApi;
  const server: Server = createServer((_req, res) => {
    api.requests += 1;
    if (hanging) return; // never answers: the client's timeout has to end it
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  api.url = `http://127.0.0.1:${port}/v6/latest/USD`;
  api.respond = (nextStatus, nextBody) => {
    status = nextStatus;
    body = nextBody;
    hanging = false;
  };
  api.hang = () => {
    hanging = true;
  };
  api.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return api;
}

/** A URL on which nothing listens: a port we held for a moment and released. */
async function unreachableUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/v6/latest/USD`;
}

const LIVE_BODY = {
  result: 'success',
  base_code: 'USD',
  time_last_update_unix: 1790000000,
  rates: { USD: 1, CNY: 7.1234, JPY: 151.2, KRW: 1388.5, HKD: 7.79, TWD: 32.1, EUR: 0.92, GBP: 0.79 },
};
const LIVE_RATES = { USD: 1, CNY: 7.1234, JPY: 151.2, KRW: 1388.5, HKD: 7.79, TWD: 32.1 };

let api: FakeRatesApi;
const clock = new ManualClock(new Date('2026-11-21T08:00:00Z'));

test.beforeAll(async () => {
  api = await startFakeRatesApi();
});

// the fake rates API is the file's own
test.afterAll(async () => {
  await api?.close();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('RatesService', () => {
  test('a live answer gives the six display currencies, source live, validated by the shared schema', async () => {
    api.respond(200, LIVE_BODY);
    const warnings: string[] = [];
    const rates = new RatesService({ url: api.url, clock, warn: (line) => warnings.push(line) });
    const result = await rates.refresh();
    expect(result).toEqual({ base: 'USD', rates: LIVE_RATES, source: 'live', fetchedAt: clock.now() });
    expect(Object.keys(result.rates).sort()).toEqual([...DISPLAY_CURRENCIES].sort());
    expect(ZExchangeRates.parse(result)).toEqual(result);
    expect(warnings).toEqual([]);
  });

  test('an unreachable service gives the fallback rates and one log line per failed refresh', async () => {
    const warnings: string[] = [];
    const rates = new RatesService({ url: await unreachableUrl(), clock, warn: (line) => warnings.push(line) });
    const first = await rates.refresh();
    expect(first.source).toBe('fallback');
    expect(first.rates).toEqual(FALLBACK_RATES);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^\[rates\] refresh from .* failed \(.*ECONNREFUSED.*\); using fallback rates$/);
    await rates.refresh();
    expect(warnings).toHaveLength(2);
    expect(rates.current().rates).toEqual(FALLBACK_RATES);
  });

  test('after a live answer, failures keep the last live rates', async () => {
    api.respond(200, LIVE_BODY);
    const warnings: string[] = [];
    const rates = new RatesService({ url: api.url, clock, warn: (line) => warnings.push(line) });
    await rates.refresh();
    const liveAt = rates.current().fetchedAt;
    clock.advance(3_600_000);

    api.respond(503, { error: 'down' });
    expect(await rates.refresh()).toEqual({ base: 'USD', rates: LIVE_RATES, source: 'live', fetchedAt: liveAt });
    api.respond(200, '<html>not json</html>');
    expect((await rates.refresh()).rates).toEqual(LIVE_RATES);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain('HTTP 503');
    expect(warnings[0]).toContain('keeping the last live rates');
  });

  test.each([
    ['a currency missing', { result: 'success', rates: { USD: 1, CNY: 7.2, JPY: 150, KRW: 1350, HKD: 7.8 } }],
    ['a negative rate', { result: 'success', rates: { ...LIVE_RATES, JPY: -1 } }],
    ['a rate that is text', { result: 'success', rates: { ...LIVE_RATES, CNY: '7.2' } }],
    ['an error result', { result: 'error', 'error-type': 'unsupported-code', rates: LIVE_RATES }],
    ['another base', { result: 'success', base_code: 'EUR', rates: LIVE_RATES }],
    ['no rates at all', { result: 'success' }],
  ])('an answer with %s is not believed', async (_what, body) => {
    api.respond(200, body);
    const warnings: string[] = [];
    const rates = new RatesService({ url: api.url, clock, warn: (line) => warnings.push(line) });
    const result = await rates.refresh();
    expect(result.source).toBe('fallback');
    expect(result.rates).toEqual(FALLBACK_RATES);
    expect(warnings).toHaveLength(1);
  });

  test('a service that never answers is given up after the timeout', async () => {
    api.hang();
    const warnings: string[] = [];
    const rates = new RatesService({ url: api.url, clock, warn: (line) => warnings.push(line), timeoutMs: 200 });
    const started = Date.now();
    expect((await rates.refresh()).source).toBe('fallback');
    expect(Date.now() - started).toBeLessThan(3000);
    expect(warnings).toEqual([expect.stringContaining('timed out')]);
  });

  test('concurrent refreshes share one request', async () => {
    api.respond(200, LIVE_BODY);
    const rates = new RatesService({ url: api.url, clock, warn: () => {} });
    const before = api.requests;
    await Promise.all([rates.refresh(), rates.refresh(), rates.refresh()]);
    expect(api.requests - before).toBe(1);
  });
});

describe('system.exchangeRates', () => {
  // each test reads through services of its own (a new object, so a new RatesService) pointed at its rates URL
  test('visitors get live rates when the service answers', async ({ services: base }) => {
    api.respond(200, LIVE_BODY);
    const services = { ...base, config: { ...base.config, ratesUrl: api.url } };
    const caller = await callerFor(services);
    const result = await caller.system.exchangeRates();
    expect(result).toEqual({ base: 'USD', rates: LIVE_RATES, source: 'live', fetchedAt: services.clock.now() });
  });

  test('visitors get the fallback rates when the service is unreachable, with one log line', async ({ services: base }) => {
    const warn = vi.spyOn(ratesLog, 'warn');
    const services = { ...base, config: { ...base.config, ratesUrl: await unreachableUrl() } };
    const caller = await callerFor(services);
    const first = await caller.system.exchangeRates();
    const second = await caller.system.exchangeRates();
    expect(first).toEqual({ base: 'USD', rates: FALLBACK_RATES, source: 'fallback', fetchedAt: base.clock.now() });
    expect(second).toEqual(first);
    // the procedure serves what it has; only the hourly job asks the service again
    expect(warn).toHaveBeenCalledTimes(1);
  });

  test('the background job refreshes the same instance the procedure reads, hourly, until stopped', async ({ services: base }) => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      api.respond(200, { ...LIVE_BODY, rates: { ...LIVE_BODY.rates, CNY: 7.0 } });
      const services = { ...base, config: { ...base.config, ratesUrl: api.url } };
      const before = api.requests;
      const jobs = startBackgroundJobs(services);
      await vi.waitFor(() => expect(ratesServiceFor(services).current().source).toBe('live'));
      expect(api.requests - before).toBe(1);

      const caller = await callerFor(services);
      expect((await caller.system.exchangeRates()).rates.CNY).toBe(7.0);
      expect(api.requests - before).toBe(1);

      api.respond(200, { ...LIVE_BODY, rates: { ...LIVE_BODY.rates, CNY: 6.9 } });
      await vi.advanceTimersByTimeAsync(3_600_000);
      await vi.waitFor(() => expect(ratesServiceFor(services).current().rates.CNY).toBe(6.9));
      expect(api.requests - before).toBe(2);

      jobs.stop();
      await vi.advanceTimersByTimeAsync(3 * 3_600_000);
      expect(api.requests - before).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
