import type { Kysely } from 'kysely';
import { randomInt } from 'node:crypto';
import { isReservedNickname, LIMITS, stripInvisible, type Language } from '@curio/shared';
import type { Database } from '../../db/schema.ts';
import { hashPassword } from './passwords.ts';
import { DomainError } from '../domain-error.ts';

export interface NewUser {
  email: string;
  password: string;
  /** Defaults to the part of the e-mail before the @. */
  nickname?: string;
  language?: Language;
  /**
   * Accounts made by an operator (admin:create) or the demo seed need no mailbox proof; a
   * sign-up starts unverified until its link is opened.
   */
  emailVerified?: boolean;
  /** The network block a sign-up came from (ADR 0045); null for accounts an operator makes. */
  signUpAddressBlock?: string | null;
}

/**
 * What a member is called until they choose a nickname: the local part of the address, unless
 * that would pass for staff or the brand (admin@…, support@…), which gets a neutral name instead.
 */
export function defaultNickname(email: string): string {
  const localPart = email.split('@')[0]?.trim() ?? '';
  const candidate = stripInvisible(localPart || email).slice(0, LIMITS.nicknameMax);
  return isReservedNickname(candidate) ? `member${randomInt(1000, 10_000)}` : candidate;
}

/**
 * Creates a user and their profile: the one path used by sign-up, `npm run admin:create` and
 * the demo seed, so every account gets the same hashing and defaults. Run it inside the
 * caller's transaction; EMAIL_TAKEN leaves that transaction usable (no failed statement).
 */
export async function createUserWithProfile(trx: Kysely<Database>, input: NewUser): Promise<string> {
  const email = input.email.trim().toLowerCase();
  if (input.password.length < LIMITS.passwordMin) throw new DomainError('PASSWORD_TOO_SHORT');
  const passwordHash = await hashPassword(input.password);
  const user = await trx
    .insertInto('users')
    .values({
      email,
      password_hash: passwordHash,
      email_verified_at: input.emailVerified ? new Date() : null,
      sign_up_address_block: input.signUpAddressBlock ?? null,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!user) throw new DomainError('EMAIL_TAKEN');
  const nickname = input.nickname?.trim().slice(0, LIMITS.nicknameMax) || defaultNickname(email);
  await trx
    .insertInto('profiles')
    .values({ user_id: user.id, nickname, preferred_language: input.language ?? null })
    .execute();
  return user.id;
}
