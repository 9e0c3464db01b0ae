import { DEFAULT_LANGUAGE, LIMITS, isLanguage, type Language } from '@curio/shared';
import type { AppServices } from '../../app-services.ts';
import type { RealtimeEvent } from '../../realtime/events.ts';
import { runInTransaction, type Tx } from '../../db/transaction.ts';
import { claimOneTimeToken, issueOneTimeToken } from './one-time-tokens.ts';
import { createSession, invalidateSession } from './sessions.ts';
import { endAllAccess } from './end-all-access.ts';
import { DomainError } from '../domain-error.ts';
import { consumeRateLimit, ipRateLimitKey, tryConsumeRateLimit } from '../../rate-limits/rate-limiter.ts';
import { verificationMail } from '../../mail/templates/account-verification.ts';
import { publishBalanceChanges } from '../ledger/index.ts';
import { grantWelcomePoints } from '../points/welcome-points.ts';
import { publishCommitted, sessionRevokedEvent } from './publish-events.ts';
import type { SignedIn } from './sign-up.ts';
import { componentLogger } from '../../observability/logger.ts';
import { isBanned } from './active-bans.ts';

const log = componentLogger('auth');

/** The link the mail carries; like the reset link, the token rides in the fragment, which no server logs. */
export function verificationLink(publicOrigin: string, token: string): string {
  return `${publicOrigin}/verify-email#token=${encodeURIComponent(token)}`;
}

export function mailLanguage(preferred: string | null | undefined): Language {
  return isLanguage(preferred) ? preferred : DEFAULT_LANGUAGE;
}

/**
 * Spends one mail of the address's daily budget. False when it is gone: the caller then sends
 * nothing but answers as usual, so a stranger cannot fill an inbox, nor learn anything.
 */
export async function mayMailAddress(services: AppServices, email: string): Promise<boolean> {
  // spent before the mail, in one statement: parallel requests cannot all read "one left"
  return (await tryConsumeRateLimit(services, 'accountMailsPerAddress', email)) === null;
}

/**
 * Mails a fresh verification link to an unverified account; only the newest link works. A mail
 * that cannot be sent is logged and the member can ask again: sign-up answers the same either way.
 */
export async function sendVerificationMail(services: AppServices, user: { id: string; email: string; language: Language }): Promise<void> {
  const now = services.clock.now();
  const { token } = await runInTransaction(services.db, (trx) =>
    issueOneTimeToken(trx, 'email_verification_tokens', { userId: user.id, now, ttlMs: LIMITS.verificationTokenTtlMs }),
  );
  const mail = verificationMail({
    to: user.email,
    language: user.language,
    link: verificationLink(services.config.publicOrigin, token),
    validForMs: LIMITS.verificationTokenTtlMs,
  });
  try {
    await services.mailer.send(mail);
  } catch (error) {
    log.error({ err: error, userId: user.id }, 'verification mail failed');
  }
}

/**
 * "Send the link again", for the address a visitor types (or the signed-in member's own). The
 * answer is the same whether the address is unknown, unverified or verified; only an unverified
 * account is mailed. Limited per client address, per mailbox per day, and by a short cooldown.
 */
export async function resendVerification(services: AppServices, input: { email: string; ip: string }): Promise<{ cooldownSeconds: number }> {
  await consumeRateLimit(services, 'accountMailsPerIp', ipRateLimitKey(input.ip));
  const wait = await tryConsumeRateLimit(services, 'verificationMailCooldown', input.email);
  if (wait !== null) throw new DomainError('VERIFICATION_COOLDOWN', { seconds: wait });

  const user = await services.db
    .selectFrom('users')
    .leftJoin('profiles', 'profiles.user_id', 'users.id')
    .select(['users.id', 'users.email', 'users.email_verified_at', 'profiles.preferred_language'])
    .where('users.email', '=', input.email)
    .executeTakeFirst();
  if (user && user.email_verified_at === null && (await mayMailAddress(services, input.email))) {
    await sendVerificationMail(services, { id: user.id, email: user.email, language: mailLanguage(user.preferred_language) });
  }
  return { cooldownSeconds: LIMITS.verificationCooldownSeconds };
}

/**
 * Marks the address verified, once, and pays what waited for it: the member's welcome points
 * (ADR 0030). An invitation they accepted at sign-up pays nothing here: its rewards wait for
 * their first real purchase (ADR 0045), so an account that only verifies earns its inviter
 * nothing. The guarded UPDATE makes a second verification (a double click, a reset link after
 * the verification link) pay nothing. Returns the users whose balances changed.
 */
export async function markEmailVerified(trx: Tx, userId: string, now: Date): Promise<string[]> {
  const verified = await trx
    .updateTable('users')
    .set({ email_verified_at: now })
    .where('id', '=', userId)
    .where('email_verified_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!verified) return [];
  return grantWelcomePoints(trx, userId);
}

/**
 * Opens a verification link: the address is verified and this browser is signed in. Every other
 * session and every API token of the account ends, so whoever signed up with someone else's
 * address and kept a session or a script from before loses it when the mailbox's owner takes
 * the account over (ADR 0044).
 */
export async function verifyEmail(services: AppServices, input: { token: string }, previous: { userId: string; sessionId: string } | null): Promise<SignedIn> {
  const now = services.clock.now();
  const { signedIn, rewarded, revoked } = await runInTransaction(services.db, async (trx) => {
    const userId = await claimOneTimeToken(trx, 'email_verification_tokens', input.token, now);
    if (!userId) throw new DomainError('VERIFICATION_LINK_INVALID');
    if (await isBanned(trx, userId)) throw new DomainError('USER_BANNED');
    const rewardedUserIds = await markEmailVerified(trx, userId, now);
    const { sessionIds: ended } = await endAllAccess(trx, userId);
    const events: RealtimeEvent[] = sessionRevokedEvent(userId, ended);
    // rotation, as at sign-in: whatever session this browser had for another account ends too
    if (previous && previous.userId !== userId) {
      await invalidateSession(trx, previous.sessionId);
      events.push(...sessionRevokedEvent(previous.userId, [previous.sessionId]));
    }
    const session = await createSession(trx, services.clock, userId);
    return { signedIn: { userId, session }, rewarded: rewardedUserIds, revoked: events };
  });
  await publishBalanceChanges(services.events, rewarded);
  await publishCommitted(services.events, revoked);
  return signedIn;
}
