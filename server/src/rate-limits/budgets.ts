import { LIMITS } from '@curio/shared';

/**
 * Every rate limit of the app, in one table (ADR 0025 explains the numbers). A budget is a
 * number of points per fixed window; each limited action spends one point of each key it is
 * counted under.
 *
 * Keys are chosen so a stranger cannot spend a member's budget: sign-in failures count per
 * (account, address) and per address, never per account alone, so guessing from one place is
 * stopped while the owner signing in from elsewhere is not locked out.
 *
 * A point is spent before the work it limits, never counted after it (ADR 0044): a sign-in spends
 * before the password is checked and a correct password gives the point back, so "failures" is
 * failed attempts plus those still being checked, and parallel guesses cannot outrun the count.
 */
export const RATE_LIMITS = {
  /** New accounts from one address: scripted sign-ups (referral farming) stop here. */
  signUpsPerIp: { points: 10, windowSeconds: 60 * 60 },
  /** Wrong passwords for one account from one address: guessing that account's password. */
  signInFailuresPerAccountAndIp: { points: 10, windowSeconds: 15 * 60 },
  /** Wrong passwords from one address over any accounts: spraying passwords. */
  signInFailuresPerIp: { points: 50, windowSeconds: 15 * 60 },
  /** Reset and verification mails asked for by one address: mailing strangers in bulk. */
  accountMailsPerIp: { points: 20, windowSeconds: 15 * 60 },
  /** Sign-up, verification and reset mails to one address in a day: filling a stranger's inbox. */
  accountMailsPerAddress: { points: 10, windowSeconds: 24 * 60 * 60 },
  /** A verification mail to one address: the cooldown the resend button shows. */
  verificationMailCooldown: { points: 1, windowSeconds: LIMITS.verificationCooldownSeconds },
  /** Chat messages one member sends. */
  chatMessagesPerMember: { points: 60, windowSeconds: 60 },
  /** Listings one member publishes. */
  listingsPerMember: { points: 10, windowSeconds: 60 },
  /** Buying requests one member posts. */
  buyingRequestsPerMember: { points: 10, windowSeconds: 60 },
  /** Reports and complaints one member files, together. */
  reportsPerMember: { points: 10, windowSeconds: 60 },
  /** Images one member uploads. */
  uploadsPerMember: { points: 30, windowSeconds: 60 },
  /** Personal API tokens one member creates: a stolen browser session cannot mint scripts in bulk. */
  apiTokensPerMember: { points: 10, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimitBudget>;

export interface RateLimitBudget {
  points: number;
  windowSeconds: number;
}

export type RateLimitName = keyof typeof RATE_LIMITS;
