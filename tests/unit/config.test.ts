import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
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

  test('operations: log level, metrics token and worker count, each checked', () => {
    expect(loadConfig({})).toMatchObject({ logLevel: 'info', metricsToken: null, webConcurrency: 1, s3: null });
    const tuned = loadConfig({ LOG_LEVEL: 'warn', METRICS_TOKEN: 'a-long-enough-token', WEB_CONCURRENCY: '4', DATABASE_URL: 'postgres://db/curio' });
    expect(tuned).toMatchObject({ logLevel: 'warn', metricsToken: 'a-long-enough-token', webConcurrency: 4 });
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/^LOG_LEVEL must be one of fatal, error/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/^METRICS_TOKEN must be at least 16/);
    expect(() => loadConfig({ WEB_CONCURRENCY: '0', DATABASE_URL: 'postgres://db/curio' })).toThrow(/^WEB_CONCURRENCY /);
  });

  test('several processes need PostgreSQL: the embedded database belongs to one', () => {
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(/^WEB_CONCURRENCY must be 1 on the embedded database/);
    expect(loadConfig({ WEB_CONCURRENCY: '1' }).webConcurrency).toBe(1);
  });

  test('S3: a bucket turns the object store on; keys come in pairs', () => {
    const s3 = loadConfig({
      S3_BUCKET: 'curio',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    }).s3;
    expect(s3).toEqual({
      bucket: 'curio',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    expect(loadConfig({ S3_BUCKET: 'curio', S3_REGION: 'eu-west-1' }).s3).toMatchObject({
      endpoint: null,
      region: 'eu-west-1',
      credentials: null,
      forcePathStyle: false,
    });
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/^S3_BUCKET must be set/);
    expect(() => loadConfig({ S3_BUCKET: 'curio', S3_ACCESS_KEY_ID: 'id' })).toThrow(/^S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/);
  });

  test('no transpiler in production: tsx is in no dependency list, and every script runs on plain node', async () => {
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const read = async (file: string) =>
      JSON.parse(await readFile(path.join(root, file), 'utf8')) as { dependencies?: object; devDependencies?: object; scripts?: Record<string, string> };
    for (const file of ['package.json', 'server/package.json', 'shared/package.json']) {
      const manifest = await read(file);
      expect(Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }), file).not.toContain('tsx');
    }
    const scripts = Object.values((await read('package.json')).scripts ?? {});
    expect(scripts.filter((script) => /\btsx\b|ts-node/.test(script))).toEqual([]);
  });

  test('`PORT=abc npm start` prints one line naming PORT and exits non-zero', () => {
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const run = spawnSync(process.execPath, ['server/src/main.ts'], {
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
