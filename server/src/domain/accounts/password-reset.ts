import { DEFAULT_LANGUAGE, LIMITS, isLanguage, type TResetPasswordInput } from '@curio/shared';
import type { AppServices } from '../../app-services.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { claimOneTimeToken, issueOneTimeToken } from './one-time-tokens.ts';
import { hashPassword } from './passwords.ts';
import { endAllAccess } from './end-all-access.ts';
import { clearRateLimitsStartingWith, consumeRateLimit, ipRateLimitKey } from '../../rate-limits/rate-limiter.ts';
import { DomainError } from '../domain-error.ts';
import { passwordResetMail } from '../../mail/templates/password-reset.ts';
import { publishCommitted, sessionRevokedEvent } from './publish-events.ts';
import { accountKeyPrefix } from './sign-in.ts';
import { markEmailVerified, mayMailAddress } from './email-verification.ts';
import { publishBalanceChanges } from '../ledger/index.ts';
import { componentLogger } from '../../observability/logger.ts';

const log = componentLogger('auth');

const COOLDOWN_MS = LIMITS.resetCooldownSeconds * 1000;

/** The link the mail carries; the client reads the token from the fragment (never sent to servers). */
export function resetLink(publicOrigin: string, token: string): string {
  return `${publicOrigin}/reset-password#access_token=${encodeURIComponent(token)}&type=recovery`;
}

/**
 * Claims the per-address cooldown in one statement, so two simultaneous requests cannot both
 * pass. Returns the seconds still to wait when the address is cooling down, else null.
 */
async function claimCooldown(services: AppServices, email: string, now: Date): Promise<number | null> {
  const claimed = await services.db
    .insertInto('password_reset_requests')
    .values({ email, last_requested_at: now })
    .onConflict((oc) =>
      oc
        .column('email')
        .doUpdateSet({ last_requested_at: (eb) => eb.ref('excluded.last_requested_at') })
        .where('password_reset_requests.last_requested_at', '<=', new Date(now.getTime() - COOLDOWN_MS)),
    )
    .returning('email')
    .executeTakeFirst();
  if (claimed) return null;
  const current = await services.db.selectFrom('password_reset_requests').select('last_requested_at').where('email', '=', email).executeTakeFirstOrThrow();
  const remainingMs = current.last_requested_at.getTime() + COOLDOWN_MS - now.getTime();
  return Math.max(1, Math.ceil(remainingMs / 1000));
}

/**
 * The /auth reset mode. The answer is the same whether or not the address has an account
 * (rule A-9); the cooldown is kept for unknown addresses too, for the same reason.
 */
export async function requestPasswordReset(services: AppServices, input: { email: string; ip: string }): Promise<{ cooldownSeconds: number }> {
  await consumeRateLimit(services, 'accountMailsPerIp', ipRateLimitKey(input.ip));
  const now = services.clock.now();
  const waitSeconds = await claimCooldown(services, input.email, now);
  if (waitSeconds !== null) throw new DomainError('RESET_COOLDOWN', { seconds: waitSeconds });

  const user = await services.db
    .selectFrom('users')
    .leftJoin('profiles', 'profiles.user_id', 'users.id')
    .select(['users.id', 'users.email', 'profiles.preferred_language'])
    .where('users.email', '=', input.email)
    .executeTakeFirst();
  if (user && (await mayMailAddress(services, input.email))) {
    const { token, id: tokenId } = await runInTransaction(services.db, (trx) =>
      issueOneTimeToken(trx, 'password_reset_tokens', { userId: user.id, now, ttlMs: LIMITS.resetTokenTtlMs }),
    );
    const mail = passwordResetMail({
      to: user.email,
      language: isLanguage(user.preferred_language) ? user.preferred_language : DEFAULT_LANGUAGE,
      link: resetLink(services.config.publicOrigin, token),
      validForMs: LIMITS.resetTokenTtlMs,
    });
    try {
      await services.mailer.send(mail);
    } catch (error) {
      log.error({ err: error, userId: user.id }, 'reset mail failed');
      // nothing was delivered: drop the useless token and let the member try again at once
      await services.db.deleteFrom('password_reset_tokens').where('id', '=', tokenId).execute();
      await services.db.deleteFrom('password_reset_requests').where('email', '=', input.email).where('last_requested_at', '=', now).execute();
      throw new DomainError('RESET_SEND_FAILED');
    }
  }
  return { cooldownSeconds: LIMITS.resetCooldownSeconds };
}

/**
 * Sets a new password from a reset link: the token works once, within its hour; every session
 * and API token of the account ends (ADR 0044), and the member signs in again with the new password.
 */
export async function resetPassword(services: AppServices, input: TResetPasswordInput): Promise<{ userId: string }> {
  const now = services.clock.now();
  const passwordHash = await hashPassword(input.password);
  const { userId, email, sessionIds, rewarded } = await runInTransaction(services.db, async (trx) => {
    const claimedUserId = await claimOneTimeToken(trx, 'password_reset_tokens', input.token, now);
    if (!claimedUserId) throw new DomainError('RESET_LINK_INVALID');
    const user = await trx
      .updateTable('users')
      .set({ password_hash: passwordHash })
      .where('id', '=', claimedUserId)
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow();
    await trx.updateTable('password_reset_tokens').set({ used_at: now }).where('user_id', '=', user.id).where('used_at', 'is', null).execute();
    // the link proved control of the mailbox, which is all that verification asks
    const rewardedUserIds = await markEmailVerified(trx, user.id, now);
    return {
      userId: user.id,
      email: user.email,
      sessionIds: (await endAllAccess(trx, user.id)).sessionIds,
      rewarded: rewardedUserIds,
    };
  });
  // the owner just proved control of the mailbox: failed guesses before the reset no longer count
  await clearRateLimitsStartingWith(services, 'signInFailuresPerAccountAndIp', accountKeyPrefix(email));
  await publishBalanceChanges(services.events, rewarded);
  await publishCommitted(services.events, sessionRevokedEvent(userId, sessionIds));
  return { userId };
}
