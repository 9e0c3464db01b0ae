import { LIMITS, type TSignUpInput, type TSignUpResult } from '@curio/shared';
import type { AppServices } from '../../app-services.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { isDomainError } from '../domain-error.ts';
import { consumeRateLimit, ipRateLimitKey, recordRateLimitHit } from '../../rate-limits/rate-limiter.ts';
import { signUpAttemptMail } from '../../mail/templates/account-verification.ts';
import { createUserWithProfile } from './create-user.ts';
import { applyInvitationCode, invitationCodeOutcome, recordReferral, type InvitationOutcome } from './invitations.ts';
import { mailLanguage, mayMailAddress, sendVerificationMail } from './email-verification.ts';
import { signUpAddressBlock } from './address-block.ts';
import { componentLogger } from '../../observability/logger.ts';

const log = componentLogger('auth');

export interface SignedIn {
  userId: string;
  session: { token: string; expiresAt: Date };
}

/**
 * Creates an unverified account and mails it a verification link (ADR 0025). Nobody is signed
 * in: the link does that, so only the mailbox's owner gets in. An invitation is accepted here,
 * so its code is taken, but its rewards wait for the invitee's first real purchase (ADR 0045).
 *
 * An address that already has an account gets a notice instead, and the caller gets the same
 * answer, after the same work (a password hash and one mail), so sign-up cannot be used to
 * learn who is a member.
 */
export async function signUp(services: AppServices, input: TSignUpInput, request: { ip: string }): Promise<TSignUpResult> {
  await consumeRateLimit(services, 'signUpsPerIp', ipRateLimitKey(request.ip));
  const now = services.clock.now();
  const invitationCode = input.invitationCode?.trim() || null;
  const language = mailLanguage(input.language);

  let invitation: InvitationOutcome | null = null;
  const newUserId = await runInTransaction(services.db, async (trx) => {
    let userId: string;
    try {
      // no stored preference unless the form sent one: the interface keeps following the browser
      userId = await createUserWithProfile(trx, {
        email: input.email,
        password: input.password,
        ...(input.language ? { language: input.language } : {}),
        // the block, not the address: admins compare where an inviter's invitees came from (ADR 0045)
        signUpAddressBlock: signUpAddressBlock(request.ip),
      });
    } catch (error) {
      if (isDomainError(error, 'EMAIL_TAKEN')) return null;
      throw error;
    }
    if (invitationCode) {
      invitation = (await applyInvitationCode(trx, { code: invitationCode, inviteeId: userId, now })).outcome;
    } else if (input.referrerId) {
      await recordReferral(trx, { referrerId: input.referrerId, inviteeId: userId, now });
    }
    return userId;
  });

  if (newUserId === null && invitationCode) invitation = await invitationCodeOutcome(services.db, { code: invitationCode, now });
  // the resend button starts cooling down either way
  await recordRateLimitHit(services, 'verificationMailCooldown', input.email);
  if (await mayMailAddress(services, input.email)) {
    if (newUserId) {
      await sendVerificationMail(services, { id: newUserId, email: input.email, language });
    } else {
      await mailSignUpAttempt(services, input.email);
    }
  }
  return { email: input.email, cooldownSeconds: LIMITS.verificationCooldownSeconds, invitation };
}

async function mailSignUpAttempt(services: AppServices, email: string): Promise<void> {
  const owner = await services.db
    .selectFrom('users')
    .leftJoin('profiles', 'profiles.user_id', 'users.id')
    .select(['users.email', 'profiles.preferred_language'])
    .where('users.email', '=', email)
    .executeTakeFirst();
  if (!owner) return;
  const origin = services.config.publicOrigin;
  const mail = signUpAttemptMail({
    to: owner.email,
    language: mailLanguage(owner.preferred_language),
    signInLink: `${origin}/auth?mode=signin`,
    resetLink: `${origin}/auth?mode=reset`,
  });
  try {
    await services.mailer.send(mail);
  } catch (error) {
    log.error({ err: error }, 'sign-up notice mail failed');
  }
}
