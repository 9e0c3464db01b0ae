/**
 * `npm run admin:create -- --email E --password P`: creates the account (or finds it) and grants
 * the admin role, on DATABASE_URL or the embedded database under DATA_DIR. The password may come
 * from ADMIN_PASSWORD instead: npm prints a script's whole command line, so `--password` lands in
 * the terminal's scrollback and CI logs.
 */
import { parseArgs } from 'node:util';
import { ZEmail, ZPassword } from '@curio/shared';
import { loadConfigOrExit } from '../server/src/config.ts';
import { databaseConfigFrom, describeDatabase, openDatabase, type DbHandle } from '../server/src/db/database.ts';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import { ensureAdmin } from '../server/src/domain/accounts/ensure-admin.ts';

const USAGE =
  'usage: npm run admin:create -- --email admin@example.com [--password secret]\n' +
  '(or ADMIN_PASSWORD=secret; the password is required when the account does not exist yet; an existing account keeps its own)';

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

let values: { email?: string | undefined; password?: string | undefined };
try {
  ({ values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' } },
    strict: true,
    allowPositionals: false,
  }));
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

const email = ZEmail.safeParse(values.email ?? '');
if (!email.success) fail('a valid --email is required');
const givenPassword = values.password ?? (process.env.ADMIN_PASSWORD || undefined);
const password = givenPassword === undefined ? undefined : ZPassword.safeParse(givenPassword);
if (password && !password.success) fail('--password must be at least 6 characters');

const config = loadConfigOrExit();
let handle: DbHandle | null = null;
try {
  handle = await openDatabase(databaseConfigFrom(config));
  await migrateToLatest(handle.db);
  const result = await ensureAdmin(handle.db, {
    email: email.data,
    ...(password ? { password: password.data } : {}),
  });
  const where = describeDatabase(config);
  const account = result.createdUser ? 'created' : 'found';
  const role = result.grantedRole ? 'granted admin' : 'already admin';
  console.log(`${email.data}: account ${account}, ${role} (${where}) [user ${result.userId}]`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await handle?.close();
}
