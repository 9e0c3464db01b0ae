/** Business constants of docs/requirements, in one place. */
export const LIMITS = {
  passwordMin: 6,
  passwordMax: 256,
  emailMax: 254,
  nicknameMax: 40,
  avatarMaxBytes: 2 * 1024 * 1024,
  proofImageMaxBytes: 5 * 1024 * 1024,
  tagMaxLength: 20,
  maxTags: 5,
  maxImages: 5,
  buyingRequestTitleMax: 100,
  buyingRequestDescriptionMax: 2000,
  feedPageSize: 50,
  searchDebounceMs: 300,
  feedSkeletons: 10,
  activityListLimit: 20,
  recommendations: 8,
  publishListingPointsCost: 1,
  defaultMaxOffers: 3,
  /** An offer's or counter-offer's optional message (rule B-10). */
  offerMessageMax: 1000,
  resetCooldownSeconds: 60,
  resetTokenTtlMs: 60 * 60 * 1000,
  /** A sign-up's verification link works for a day; the resend button cools down like reset. */
  verificationTokenTtlMs: 24 * 60 * 60 * 1000,
  verificationCooldownSeconds: 60,
  redirectDelayMs: 2000,
  resetSentToastMs: 5000,
  copiedStateMs: 2000,
  defaultCreditScore: 100,
  defaultAttendanceRate: 1,
  unreadBadgeCapDesktop: 99,
  unreadBadgeCapMobile: 9,
  inviterRewardPoints: 50,
  inviteeRewardPoints: 30,
  apiTokenNameMax: 60,
  idempotencyKeyMax: 100,
} as const;

/** "99+" above the cap, the number otherwise, nothing at zero. */
export function badgeLabel(count: number, cap: number): string | null {
  if (count <= 0) return null;
  return count > cap ? `${cap}+` : String(count);
}
