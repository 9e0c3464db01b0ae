import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { databaseConfigFrom, openDatabase } from '../../../server/src/db/database.ts';
import { verifyPassword } from '../../../server/src/domain/accounts/passwords.ts';
import { ensureAdmin } from '../../../server/src/domain/accounts/ensure-admin.ts';
import { type TestDatabase } from '../../helpers/test-db.ts';
import { insertTestUser, TEST_PASSWORD } from '../../helpers/users.ts';
import { TestBrowser } from './support.ts';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

async function isAdmin(db: TestDatabase, userId: string): Promise<boolean> {
  const row = await db.db.selectFrom('user_roles').select('role').where('user_id', '=', userId).where('role', '=', 'admin').executeTakeFirst();
  return Boolean(row);
}

describe('ensureAdmin (npm run admin:create)', () => {
  test('creates a missing account with a profile and grants admin; the new admin can sign in', async ({ db, services }) => {
    const result = await ensureAdmin(db.db, { email: 'Root@Example.TEST', password: 'admin-pass' });
    expect(result).toMatchObject({ createdUser: true, grantedRole: true });
    expect(await isAdmin(db, result.userId)).toBe(true);
    const browser = new TestBrowser(services);
    const me = await (await browser.caller()).auth.signIn({ email: 'root@example.test', password: 'admin-pass' });
    expect(me).toMatchObject({ id: result.userId, isAdmin: true, nickname: 'root', emailVerified: true });
  });

  test('an unverified account made admin counts as verified: the operator vouches for it', async ({ db }) => {
    const user = await insertTestUser(db.db, { verified: false });
    await ensureAdmin(db.db, { email: user.email });
    const row = await db.db.selectFrom('users').select('email_verified_at').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.email_verified_at).not.toBeNull();
  });

  test('an existing account keeps its password and gains the role; running again changes nothing', async ({ db }) => {
    const user = await insertTestUser(db.db);
    expect(await ensureAdmin(db.db, { email: user.email, password: 'ignored-pass' })).toEqual({
      userId: user.id,
      createdUser: false,
      grantedRole: true,
    });
    expect(await ensureAdmin(db.db, { email: user.email })).toEqual({ userId: user.id, createdUser: false, grantedRole: false });
    const row = await db.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(await verifyPassword(row.password_hash, TEST_PASSWORD)).toBe(true);
  });

  test('a missing account without a password is an error and writes nothing', async ({ db }) => {
    await expect(ensureAdmin(db.db, { email: 'nobody-yet@example.test' })).rejects.toThrow(/--password/);
    expect(await db.db.selectFrom('users').select('id').where('email', '=', 'nobody-yet@example.test').execute()).toEqual([]);
  });
});

describe('scripts/admin-create.ts', () => {
  test('the command creates the admin in the configured database', async ({ db }) => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'curio-admin-create-'));
    // on a PostgreSQL run, point the script at this file's database; otherwise at a fresh embedded one
    const env = db.url ? { ...process.env, DATABASE_URL: db.url } : { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir };
    try {
      const { stdout } = await run(process.execPath, ['scripts/admin-create.ts', '--email', 'cli-admin@example.test', '--password', 'cli-pass'], {
        cwd: ROOT,
        env,
        timeout: 90_000,
      });
      expect(stdout).toContain('cli-admin@example.test: account created, granted admin');

      const handle = db.url ? null : await openDatabase(databaseConfigFrom({ databaseUrl: null, dataDir }));
      const target = handle?.db ?? db.db;
      try {
        const row = await target
          .selectFrom('users')
          .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
          .select(['users.email', 'user_roles.role'])
          .where('users.email', '=', 'cli-admin@example.test')
          .executeTakeFirst();
        expect(row).toEqual({ email: 'cli-admin@example.test', role: 'admin' });
      } finally {
        await handle?.close();
      }

      const refused = await run(process.execPath, ['scripts/admin-create.ts', '--email', 'not-an-email'], {
        cwd: ROOT,
        env,
      }).catch((error: { code: number; stderr: string }) => error);
      expect(refused).toMatchObject({ code: 2 });
      expect((refused as { stderr: string }).stderr).toContain('usage: npm run admin:create');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
