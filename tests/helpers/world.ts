import { callerFor, createTestServices, type Caller, type TestServices } from './services.ts';
import { createTestDatabase, type TestDatabase } from './test-db.ts';
import { insertTestUser } from './users.ts';
import { fund } from '../integration/ledger/ledger-fixtures.ts';

export interface TestWorld {
  db: TestDatabase;
  services: TestServices;
}

export interface AdminTestWorld extends TestWorld {
  adminId: string;
  /** Procedures called as that admin. */
  admin: Caller;
}

/**
 * A test file's world: its own fresh database (engineering rule E-14) and real services over it.
 * Call it in `beforeAll` and close `db` in `afterAll`:
 *   beforeAll(async () => ({ db, services } = await openWorld()));
 */
export async function openWorld(options: { poolSize?: number } = {}): Promise<TestWorld> {
  const db = await createTestDatabase(options);
  return { db, services: createTestServices(db) };
}

/** The world of the console's tests: as openWorld, with one admin signed in. */
export async function openAdminWorld(options: { poolSize?: number } = {}): Promise<AdminTestWorld> {
  const world = await openWorld(options);
  const adminId = (await insertTestUser(world.db.db, { admin: true })).id;
  return { ...world, adminId, admin: await callerFor(world.services, adminId) };
}

/** A signed-in member and their procedure caller, with `usdnCents` of available USDN when given. */
export async function member(services: TestServices, options: { nickname?: string; usdnCents?: number } = {}) {
  const user = await insertTestUser(services.db, options.nickname ? { nickname: options.nickname } : {});
  if (options.usdnCents) await fund(services.db, user.id, 'usdn', options.usdnCents);
  return { user, id: user.id, api: await callerFor(services, user.id) };
}
