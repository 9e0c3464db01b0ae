import { rm } from 'node:fs/promises';
import { test as baseTest } from 'vitest';
import { loadConfig } from '../../server/src/config.ts';
import { startServer, type RunningServer } from '../../server/src/server.ts';
import { openDatabase } from '../../server/src/db/database.ts';
import { findChromium, launchChromium } from './browser.ts';
import { startE2EServer } from './e2e-server.ts';
import { writeTestImages } from './e2e-marketplace.ts';
import { callerFor, createTestServices } from './services.ts';
import { createTestDatabase, type TestDatabase } from './test-db.ts';
import { insertTestUser } from './users.ts';
import { member } from './world.ts';

/**
 * The one test API of the suite (engineering rule E-14): a test file imports `test` from here and
 * names what it needs in its test function's first argument. Everything is file-scoped: set up
 * once, when the file's first test (or `test.beforeAll`) asks for it, and dropped after its last.
 *
 *   test('a member checks in', async ({ services, member }) => {
 *     const alice = await member({ usdnCents: 5_000 });
 *     ...
 *   });
 *
 * - `poolSize`: connections of the file's database pool; `test.override('poolSize', 40)` at the
 *   top of a file that races more transactions than the default.
 * - `db`: the file's own fresh, migrated database (PostgreSQL when TEST_DATABASE_URL is set, else PGlite).
 * - `services`: real services over it: a manual clock at 2026-11-21T08:00Z, a local event bus,
 *   mail kept in the outbox, uploads in a directory of the file's own.
 * - `clock`: that clock (`clock.advance(ms)`).
 * - `member(options?)`: a new signed-in member and their caller, funded with `usdnCents` and `points` when given.
 * - `admin`: one admin of the file (`admin.id`, `admin.api`), created on first use.
 * - `server`: the whole HTTP and WebSocket server in this process over the file's database, on a
 *   free loopback port (`server.url`), jobs off, with its own event bus and the system clock.
 *   A file that needs other settings overrides it: `test.override('server', async ({ db }, { onCleanup }) => …)`.
 * - `e2eServer`: for browser tests, the server as a visitor meets it: the built client, its own
 *   database, the dev outbox (`e2eServer.outbox(email)`), at `e2eServer.url`.
 * - `testImages`: two small PNG photos on disk (`testImages.paths`) for a file picker.
 * - `browser`: headless Chromium (the machine's own; see tests/helpers/browser.ts). Browser test
 *   files wrap their tests in `describeInBrowser`, which skips them where there is none.
 */
export const test = baseTest
  .extend('poolSize', { scope: 'file' }, 20)
  .extend('db', { scope: 'file' }, async ({ poolSize }, { onCleanup }) => {
    const db = await createTestDatabase({ poolSize });
    onCleanup(() => db.close());
    return db;
  })
  .extend('services', { scope: 'file' }, ({ db }, { onCleanup }) => {
    const services = createTestServices(db);
    onCleanup(async () => {
      await services.events.close();
      await rm(services.config.dataDir, { recursive: true, force: true });
    });
    return services;
  })
  .extend('clock', { scope: 'file' }, ({ services }) => services.clock)
  .extend(
    'member',
    { scope: 'file' },
    ({ services }) =>
      (options?: Parameters<typeof member>[1]) =>
        member(services, options),
  )
  .extend('admin', { scope: 'file' }, async ({ services }) => {
    const { id } = await insertTestUser(services.db, { admin: true });
    return { id, api: await callerFor(services, id) };
  })
  .extend('server', { scope: 'file' }, async ({ db, services }, { onCleanup }) => {
    const running = await startServer({ ...loadConfig({}), port: 0, host: '127.0.0.1', dataDir: services.config.dataDir }, { dbHandle: db, jobs: false });
    onCleanup(() => running.close());
    return running;
  })
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from this pattern
  .extend('e2eServer', { scope: 'file' }, async ({}, { onCleanup }) => {
    const server = await startE2EServer();
    onCleanup(() => server.close());
    return server;
  })
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from this pattern
  .extend('testImages', { scope: 'file' }, async ({}, { onCleanup }) => {
    const images = await writeTestImages(['#cc00aa', '#00aacc']);
    onCleanup(() => images.remove());
    return images;
  })
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from this pattern
  .extend('browser', { scope: 'file' }, async ({}, { onCleanup }) => {
    const lookup = findChromium();
    if (!lookup.found) throw new Error(`no browser: ${lookup.reason}`);
    const browser = await launchChromium(lookup.path);
    onCleanup(() => browser.close());
    return browser;
  });

/** A member the `member` fixture made: `{ user, id, api }`. */
export type TestMember = Awaited<ReturnType<typeof member>>;

export interface ServerPair {
  a: RunningServer;
  b: RunningServer;
  close(): Promise<void>;
}

/**
 * Two servers as two processes would be: each with a pool of its own on the file's PostgreSQL
 * database and its own event bus listening through it. For a `describe` block's `test.beforeAll`;
 * the block closes them in `test.afterAll`, so the next block starts with no listeners left.
 */
export async function startServerPair(db: TestDatabase, poolSize = 6): Promise<ServerPair> {
  if (!db.url) throw new Error('two servers need PostgreSQL (TEST_DATABASE_URL)');
  const handles = [await openDatabase({ kind: 'postgres', url: db.url, poolSize }), await openDatabase({ kind: 'postgres', url: db.url, poolSize })];
  const config = { ...loadConfig({}), port: 0, host: '127.0.0.1' };
  const [a, b] = await Promise.all(handles.map((dbHandle) => startServer(config, { dbHandle, jobs: false })));
  return {
    a: a!,
    b: b!,
    async close() {
      await Promise.all([a!.close(), b!.close()]);
      await Promise.all(handles.map((handle) => handle.close()));
    },
  };
}

export const it = test;
export { describe, expect, vi } from 'vitest';
