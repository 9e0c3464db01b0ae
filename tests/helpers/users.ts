import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import type { Database } from '../../server/src/db/schema.ts';

export const TEST_PASSWORD = 'password123';

/** Hashed once per test file: argon2 is deliberately slow, and every test user shares it. */
const testPasswordHash = hash(TEST_PASSWORD);

export interface TestUser {
  id: string;
  email: string;
}

/**
 * A member (or admin) written straight into users + profiles, for tests that need someone to
 * be signed in without going through the sign-up procedure. The password is TEST_PASSWORD.
 */
export async function insertTestUser(
  db: Kysely<Database>,
  options: { email?: string; nickname?: string; admin?: boolean; verified?: boolean } = {},
): Promise<TestUser> {
  const email = (options.email ?? `user-${randomBytes(6).toString('hex')}@example.test`).toLowerCase();
  const user = await db
    .insertInto('users')
    // verified unless asked otherwise: most tests are about members who finished signing up
    .values({ email, password_hash: await testPasswordHash, email_verified_at: options.verified === false ? null : new Date() })
    .returning(['id', 'email'])
    .executeTakeFirstOrThrow();
  await db
    .insertInto('profiles')
    .values({ user_id: user.id, nickname: options.nickname ?? email.split('@')[0]!.slice(0, 20) })
    .execute();
  if (options.admin) await db.insertInto('user_roles').values({ user_id: user.id, role: 'admin' }).execute();
  return user;
}

/** The token of the newest verification link mailed to `email` (the log mailer keeps every mail). */
export async function verificationTokenFor(db: Kysely<Database>, email: string): Promise<string> {
  const mail = await db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', email.toLowerCase())
    .where('text_body', 'like', '%/verify-email#token=%')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const token = /#token=([^\s&]+)/.exec(mail?.text_body ?? '')?.[1];
  if (!token) throw new Error(`no verification mail to ${email}`);
  return decodeURIComponent(token);
}
