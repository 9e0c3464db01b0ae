import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { createUserWithProfile } from './create-user.ts';
import { markEmailVerified } from './email-verification.ts';

export interface EnsureAdminResult {
  userId: string;
  /** True when the account did not exist and was created with the given password. */
  createdUser: boolean;
  /** True when the admin role was added now (false: the user already was an admin). */
  grantedRole: boolean;
}

/**
 * `npm run admin:create`: finds the account by e-mail (creating it when missing) and grants the
 * admin role. An existing account keeps its password; the password is only needed to create one.
 */
export async function ensureAdmin(db: Kysely<Database>, input: { email: string; password?: string }): Promise<EnsureAdminResult> {
  const email = input.email.trim().toLowerCase();
  return runInTransaction(db, async (trx) => {
    const existing = await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    let userId = existing?.id;
    if (!userId) {
      if (!input.password) throw new Error(`no account for ${email}: pass --password to create it`);
      userId = await createUserWithProfile(trx, { email, password: input.password, emailVerified: true });
    } else {
      // the operator vouches for the address they made an admin
      await markEmailVerified(trx, userId, new Date());
    }
    const granted = await trx
      .insertInto('user_roles')
      .values({ user_id: userId, role: 'admin' })
      .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    return { userId, createdUser: !existing, grantedRole: Boolean(granted) };
  });
}
