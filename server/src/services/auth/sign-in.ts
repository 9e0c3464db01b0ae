import type { TSignInInput } from '@curio/shared';
import type { AppServices } from '../app-services.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { createSession, invalidateSession } from '../../auth/sessions.ts';
import { hashPassword, passwordHashNeedsUpgrade, verifyAgainstDummyHash, verifyPassword } from '../../auth/passwords.ts';
import { assertWithinLimit, authLimitersFor, recordFailure } from '../../auth/rate-limits.ts';
import { appError } from '../../trpc/app-error.ts';
import { publishCommitted, sessionRevokedEvent } from './publish-events.ts';
import type { SignedIn } from './sign-up.ts';

/**
 * Password sign-in (DESIGN decision 10): one generic answer for unknown e-mail and wrong
 * password, failures counted per address and per IP, and a brand-new session every time.
 */
export async function signIn(
  services: AppServices,
  input: TSignInInput,
  request: { ip: string; previous: { userId: string; sessionId: string } | null },
): Promise<SignedIn> {
  const limiters = authLimitersFor(services);
  await assertWithinLimit(limiters.signInFailuresPerEmail, input.email);
  await assertWithinLimit(limiters.signInFailuresPerIp, request.ip);

  const user = await services.db
    .selectFrom('users')
    .leftJoin('user_bans', (join) =>
      join.onRef('user_bans.user_id', '=', 'users.id').on('user_bans.status', '=', 'active'),
    )
    .select(['users.id', 'users.password_hash', 'user_bans.id as ban_id'])
    .where('users.email', '=', input.email)
    .executeTakeFirst();
  const passwordOk = user
    ? await verifyPassword(user.password_hash, input.password)
    : await verifyAgainstDummyHash(input.password);
  if (!user || !passwordOk) {
    await recordFailure(limiters.signInFailuresPerEmail, input.email);
    await recordFailure(limiters.signInFailuresPerIp, request.ip);
    throw appError('INVALID_CREDENTIALS');
  }
  // only after the password matched, so a stranger cannot probe who is banned
  if (user.ban_id) throw appError('USER_BANNED');
  await limiters.signInFailuresPerEmail.delete(input.email);

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
