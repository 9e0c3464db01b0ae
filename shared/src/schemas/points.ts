import './zod-config.ts';
import { z } from 'zod';
import { ZIdempotencyKey, zText } from './common.ts';
import { ZTimeZone } from '../rules/time-zone.ts';

/**
 * Curio points area (docs/requirements/points.md; ADR 0016):
 * the centre's figures, daily check-in, reward history, the older points redemption screen and
 * invitations. The rules that both sides need (check-in reward, redemption quote) live here too,
 * so the client's preview and the server's charge can never disagree.
 */

// ---------------------------------------------------------------- constants (ADR 0016)

export const POINTS_RULES = {
  /** Rule P-7: 100 points = 1 unit of cash, so one point is one cent of that unit. */
  pointsPerCashUnit: 100,
  /** Rule P-7: fee 5 %, rounded up to whole points (ADR 0016). */
  redemptionFeePercent: 5,
  /** Rule P-8: at least 1000 points per redemption. */
  redemptionMinimumPoints: 1000,
  /** Longest receiving account we keep (a WeChat ID, an Alipay phone or e-mail fits easily). */
  accountMaxLength: 100,
  /** ADR 0016: streak day n pays min(n, 7) points. */
  checkInMaxReward: 7,
  /** ADR 0030: paid once when a member's e-mail address is verified; five first listings. */
  welcomePoints: 5,
  /** ADR 0016: an invitation code stays usable for 30 days. */
  invitationValidDays: 30,
  /**
   * Rule P-18 (ADR 0045): at most this many invitations of one inviter are rewarded per calendar
   * month (UTC); a further invitee's first purchase that month marks its invitation over the cap.
   */
  invitationRewardsPerMonth: 10,
  /** Reward history rows (rule P-16). */
  rewardsLimit: 50,
} as const;

/** ADR 0016: the points a check-in on streak day `streak` (1, 2, …) pays. */
export function checkInReward(streak: number): number {
  return Math.max(1, Math.min(Math.trunc(streak), POINTS_RULES.checkInMaxReward));
}

export interface PointsRedemptionQuote {
  points: number;
  /** The 5 % fee in points, rounded up (ADR 0016). */
  feePoints: number;
  /** What is paid out, in cents of the cash unit (points - fee, as 1 point = 1 cent). */
  cashCents: number;
}

/** Fee and cash of a redemption of `points` whole points (rule P-7; rounding: ADR 0016). */
export function pointsRedemptionQuote(points: number): PointsRedemptionQuote {
  const whole = Math.max(0, Math.trunc(points));
  const feePoints = Math.ceil((whole * POINTS_RULES.redemptionFeePercent) / 100);
  const cashCents = ((whole - feePoints) * 100) / POINTS_RULES.pointsPerCashUnit;
  return { points: whole, feePoints, cashCents };
}

// ---------------------------------------------------------------- centre and check-in

export const ZCheckInInput = z.object({ timeZone: ZTimeZone });
export type TCheckInInput = z.infer<typeof ZCheckInInput>;

export const ZCheckInResult = z.object({
  /** The member's calendar day that was checked in (YYYY-MM-DD in their stored time zone). */
  localDate: z.string(),
  streak: z.number().int().positive(),
  points: z.number().int().positive(),
  balance: z.number().int().nonnegative(),
});
export type TCheckInResult = z.infer<typeof ZCheckInResult>;

/** The centre may be opened before the member ever checked in: then the browser's zone tells "today". */
export const ZPointsCenterInput = z.object({ timeZone: ZTimeZone.optional() }).optional();

export const ZPointsCenter = z.object({
  balance: z.number().int().nonnegative(),
  held: z.number().int().nonnegative(),
  lifetimeEarned: z.number().int().nonnegative(),
  lifetimeSpent: z.number().int().nonnegative(),
  checkIn: z.object({
    checkedInToday: z.boolean(),
    /** The running streak: today's when checked in, yesterday's while it can still go on, else 0. */
    streak: z.number().int().nonnegative(),
    /** What today's check-in paid, or what it will pay. */
    todayReward: z.number().int().positive(),
    localDate: z.string(),
    timeZone: z.string(),
  }),
  invitations: z.object({
    accepted: z.number().int().nonnegative(),
    /** Accepted invitations whose reward was paid, and those still waiting for a first purchase (rule P-14). */
    rewarded: z.number().int().nonnegative(),
    waiting: z.number().int().nonnegative(),
    /** Invitations rewarded in this calendar month (UTC), out of POINTS_RULES.invitationRewardsPerMonth (rule P-18). */
    rewardedThisMonth: z.number().int().nonnegative(),
    /** What the ledger paid the member as an inviter (rule P-14). */
    pointsEarned: z.number().int().nonnegative(),
    /** The member's pending, unexpired code, for the how-to-earn card; null until one is created. */
    currentCode: z.string().nullable(),
  }),
});
export type TPointsCenter = z.infer<typeof ZPointsCenter>;

export const POINTS_REWARD_TYPES = ['daily_check_in', 'invite', 'purchase', 'sale', 'review', 'refund', 'spend', 'other'] as const;
export const ZPointsRewardType = z.enum(POINTS_REWARD_TYPES);

export const ZPointsReward = z.object({
  id: z.number().int(),
  type: ZPointsRewardType,
  /** Signed: spending and holds are negative. */
  amount: z.number().int(),
  /** The ledger transfer kind (checkin, invitation_reward, order_points, tip, …): the client labels it. */
  source: z.string(),
  description: z.string().nullable(),
  createdAt: z.date(),
});
export type TPointsReward = z.infer<typeof ZPointsReward>;

// ---------------------------------------------------------------- points redemption (older screen)

export const REDEMPTION_METHODS = ['wechat', 'alipay'] as const;
export const ZRedemptionMethod = z.enum(REDEMPTION_METHODS);
export type TRedemptionMethod = z.infer<typeof ZRedemptionMethod>;

export const ZPointsRedemptionInput = z.object({
  // the minimum is checked by the server with its number in the message (POINTS_REDEMPTION_MINIMUM {min})
  points: z
    .number({ error: 'AMOUNT_NOT_WHOLE' })
    .int({ error: 'AMOUNT_NOT_WHOLE' })
    .positive({ error: 'AMOUNT_NOT_WHOLE' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'AMOUNT_NOT_WHOLE' }),
  method: ZRedemptionMethod,
  account: zText({ error: 'ACCOUNT_REQUIRED' }).trim().min(1, { error: 'ACCOUNT_REQUIRED' }).max(1000),
  idempotencyKey: ZIdempotencyKey,
});
export type TPointsRedemptionInput = z.input<typeof ZPointsRedemptionInput>;

export const POINTS_REDEMPTION_STATUSES = ['pending', 'approved', 'rejected', 'completed'] as const;
export const ZPointsRedemptionStatus = z.enum(POINTS_REDEMPTION_STATUSES);
export type TPointsRedemptionStatus = z.infer<typeof ZPointsRedemptionStatus>;

/** JSON-safe (times as ISO strings) because a retry with the same idempotency key replays it. */
export const ZPointsRedemption = z.object({
  id: z.uuid(),
  points: z.number().int().positive(),
  method: ZRedemptionMethod,
  account: z.string(),
  feePoints: z.number().int().nonnegative(),
  cashCents: z.number().int().nonnegative(),
  status: ZPointsRedemptionStatus,
  adminNotes: z.string().nullable(),
  createdAt: z.iso.datetime(),
  processedAt: z.iso.datetime().nullable(),
});
export type TPointsRedemption = z.infer<typeof ZPointsRedemption>;

// ---------------------------------------------------------------- invitations

export const INVITATION_STATUSES = ['pending', 'accepted', 'expired'] as const;
export const ZInvitationStatus = z.enum(INVITATION_STATUSES);
export type TInvitationStatus = z.infer<typeof ZInvitationStatus>;

/**
 * Where an accepted invitation's reward stands (rule P-14, ADR 0045): waiting for the invitee's
 * first purchase from someone other than the inviter, rewarded, or over the inviter's monthly
 * cap (rule P-18), which is never paid.
 */
export const INVITATION_REWARD_STATES = ['waiting', 'rewarded', 'capped'] as const;
export const ZInvitationRewardState = z.enum(INVITATION_REWARD_STATES);
export type TInvitationRewardState = z.infer<typeof ZInvitationRewardState>;

export const ZInvitation = z.object({
  id: z.uuid(),
  code: z.string(),
  /** A pending code past its expiry reads as expired even before the sweeper flips the row. */
  status: ZInvitationStatus,
  /** The reward of an accepted invitation; null for a code nobody used. */
  reward: ZInvitationRewardState.nullable(),
  createdAt: z.date(),
  acceptedAt: z.date().nullable(),
  expiresAt: z.date().nullable(),
  inviteeNickname: z.string().nullable(),
});
export type TInvitation = z.infer<typeof ZInvitation>;

export const ZCreatedInvitation = z.object({
  invitation: ZInvitation,
  /** True when the member's pending code was handed back instead of a new one (rule P-12). */
  reused: z.boolean(),
});
export type TCreatedInvitation = z.infer<typeof ZCreatedInvitation>;

/** The link a member shares: the auth page opens sign-up with the code filled in (rule P-12). */
export function invitationLink(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}/auth?invite=${encodeURIComponent(code)}`;
}

// ---------------------------------------------------------------- referral signals (rule AD-25, ADR 0045)

/**
 * When the admin's points-redemption queue flags a requester's invitations: with at least
 * `minInvitees` invitees, a figure is flagged once `flagPercent` % of them or more share one
 * sign-up address block, share one mail domain, or never traded.
 */
export const REFERRAL_SIGNAL_RULES = {
  minInvitees: 3,
  flagPercent: 50,
} as const;

export const ZReferralSignals = z.object({
  /** Members who signed up with the requester's invitation or profile link. */
  invitees: z.number().int().nonnegative(),
  /** The largest group of invitees whose sign-up address fell in one /24 (IPv4) or /48 (IPv6) block, and that block. */
  sameAddressBlock: z.number().int().nonnegative(),
  addressBlock: z.string().nullable(),
  /** The largest group of invitees whose e-mail addresses share one domain, and that domain. */
  sameMailDomain: z.number().int().nonnegative(),
  mailDomain: z.string().nullable(),
  /** Invitees with no completed purchase or sale. */
  neverTraded: z.number().int().nonnegative(),
  /** Which figures reach the flag (referralSignalFlags). */
  flags: z.object({ addressBlock: z.boolean(), mailDomain: z.boolean(), neverTraded: z.boolean() }),
});
export type TReferralSignals = z.infer<typeof ZReferralSignals>;

/** Which of a requester's invitation figures are high enough to flag (REFERRAL_SIGNAL_RULES). */
export function referralSignalFlags(
  figures: Pick<TReferralSignals, 'invitees' | 'sameAddressBlock' | 'sameMailDomain' | 'neverTraded'>,
): TReferralSignals['flags'] {
  const high = (count: number) => figures.invitees >= REFERRAL_SIGNAL_RULES.minInvitees && count * 100 >= figures.invitees * REFERRAL_SIGNAL_RULES.flagPercent;
  return { addressBlock: high(figures.sameAddressBlock), mailDomain: high(figures.sameMailDomain), neverTraded: high(figures.neverTraded) };
}
