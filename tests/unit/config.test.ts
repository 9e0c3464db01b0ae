import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../server/src/config.ts';

/** The environment is parsed once, by one schema, and a bad one names every bad variable. */
describe('loadConfig', () => {
  test('defaults: 127.0.0.1:3000, embedded database, no outbox, no trusted proxy', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', databaseUrl: null, devOutbox: false, publicOrigin: 'http://localhost:3000' });
    expect(config.trustProxy('127.0.0.1', 0)).toBe(false);
  });

  test('an empty variable counts as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', SMTP_URL: '' })).toMatchObject({ port: 3000, databaseUrl: null, smtpUrl: null });
  });

  test('every bad variable is named, each on its own line', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://db/x', COOKIE_SECURE: 'yes', PUBLIC_ORIGIN: 'curio.example', TRUST_PROXY: 'true' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems;
    expect(problems.map((line) => line.split(' ')[0])).toEqual(['PORT', 'DATABASE_URL', 'PUBLIC_ORIGIN', 'COOKIE_SECURE', 'TRUST_PROXY']);
    expect(problems[0]).toBe('PORT must be a port number from 0 to 65535 (got "abc")');
  });

  test.each(['70000', '-1', '3000.5'])('PORT=%s is refused', (port) => {
    expect(() => loadConfig({ PORT: port })).toThrow(/^PORT /);
  });

  test('TRUST_PROXY: a hop count trusts that many hops, an address list those addresses', () => {
    const hops = loadConfig({ TRUST_PROXY: '1' }).trustProxy;
    expect([hops('10.0.0.1', 0), hops('10.0.0.2', 1)]).toEqual([true, false]);
    const listed = loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback' }).trustProxy;
    expect([listed('10.1.2.3', 0), listed('127.0.0.1', 0), listed('192.0.2.1', 0)]).toEqual([true, true, false]);
    expect(() => loadConfig({ TRUST_PROXY: 'not-an-address' })).toThrow(/TRUST_PROXY/);
  });

  test('`PORT=abc npm start` prints one line naming PORT and exits non-zero', () => {
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH, PORT: 'abc' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual(['Invalid configuration: PORT must be a port number from 0 to 65535 (got "abc")']);
    expect(run.stdout).toBe('');
  });
});
