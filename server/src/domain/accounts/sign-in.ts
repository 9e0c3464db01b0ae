import type { TSignInInput } from '@curio/shared';
import type { AppServices } from '../../app-services.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { createSession, invalidateSession } from './sessions.ts';
import { hashPassword, passwordHashNeedsUpgrade, verifyAgainstDummyHash, verifyPassword } from './passwords.ts';
import { clearRateLimit, giveBackRateLimit, ipRateLimitKey, spendRateLimits } from '../../rate-limits/rate-limiter.ts';
import { DomainError } from '../domain-error.ts';
import { publishCommitted, sessionRevokedEvent } from './publish-events.ts';
import type { SignedIn } from './sign-up.ts';

/** The start of every (account, address) key of one account: a reset forgets them all. */
export function accountKeyPrefix(email: string): string {
  return `${email} `;
}

/** The (account, address) pair a wrong password counts under. */
export function accountAndIpKey(email: string, ip: string): string {
  return accountKeyPrefix(email) + ipRateLimitKey(ip);
}

/**
 * Password sign-in: one generic answer for unknown e-mail and wrong password, guesses counted
 * per (account, address) and per address (never per account alone, so a stranger's guesses
 * cannot lock the owner out), and a brand-new session every time.
 *
 * Every attempt spends its unit of both budgets before the password is verified, in one
 * statement every process shares, so parallel guesses cannot outrun the count (ADR 0044); the
 * right password gives the units back: the pair's failures are forgotten and the address's unit
 * returned.
 */
export async function signIn(
  services: AppServices,
  input: TSignInInput,
  request: { ip: string; previous: { userId: string; sessionId: string } | null },
): Promise<SignedIn> {
  const ipKey = ipRateLimitKey(request.ip);
  const pairKey = accountAndIpKey(input.email, request.ip);
  await spendRateLimits(services, [
    ['signInFailuresPerAccountAndIp', pairKey],
    ['signInFailuresPerIp', ipKey],
  ]);

  const user = await services.db
    .selectFrom('users')
    .leftJoin('user_bans', (join) => join.onRef('user_bans.user_id', '=', 'users.id').on('user_bans.status', '=', 'active'))
    .select(['users.id', 'users.password_hash', 'user_bans.id as ban_id'])
    .where('users.email', '=', input.email)
    .executeTakeFirst();
  const passwordOk = user ? await verifyPassword(user.password_hash, input.password) : await verifyAgainstDummyHash(input.password);
  if (!user || !passwordOk) throw new DomainError('INVALID_CREDENTIALS');
  await clearRateLimit(services, 'signInFailuresPerAccountAndIp', pairKey);
  await giveBackRateLimit(services, 'signInFailuresPerIp', ipKey);
  // only after the password matched, so a stranger cannot probe who is banned
  if (user.ban_id) throw new DomainError('USER_BANNED');

  const upgradedHash = passwordHashNeedsUpgrade(user.password_hash) ? await hashPassword(input.password) : null;
  const { session, events } = await runInTransaction(services.db, async (trx) => {
    if (upgradedHash) {
      await trx.updateTable('users').set({ password_hash: upgradedHash }).where('id', '=', user.id).execute();
    }
    // rotation: whatever session this browser had (fixation or another account) ends here
    const ended = request.previous ? [request.previous] : [];
    for (const old of ended) await invalidateSession(trx, old.sessionId);
    return {
      session: await createSession(trx, services.clock, user.id),
      events: ended.flatMap((old) => sessionRevokedEvent(old.userId, [old.sessionId])),
    };
  });
  await publishCommitted(services.events, events);
  return { userId: user.id, session };
}
