import './zod-config.ts';
import { z } from 'zod';
import { LIMITS } from '../rules/limits.ts';
import { zText } from './common.ts';

/** user_activities.activity_type (rule S-7). */
export const ACTIVITY_TYPES = [
  'publish_listing',
  'publish_buying_request',
  'order_complete',
  'review',
  'like_listing',
  'like_buying_request',
  'favorite_listing',
  'favorite_buying_request',
] as const;
export const ZActivityType = z.enum(ACTIVITY_TYPES);
export type TActivityType = z.infer<typeof ZActivityType>;

/**
 * The eight activity privacy flags, one per activity type: true = others may see activities
 * of that type. Rule S-8's defaults: publishing, completed orders and reviews public; likes and
 * favourites private. The profiles.activity_privacy column default says the same.
 */
export const DEFAULT_ACTIVITY_PRIVACY = {
  publish_listing: true,
  publish_buying_request: true,
  order_complete: true,
  review: true,
  like_listing: false,
  like_buying_request: false,
  favorite_listing: false,
  favorite_buying_request: false,
} as const satisfies Record<TActivityType, boolean>;

export const ZActivityPrivacy = z.object({
  publish_listing: z.boolean(),
  publish_buying_request: z.boolean(),
  order_complete: z.boolean(),
  review: z.boolean(),
  like_listing: z.boolean(),
  like_buying_request: z.boolean(),
  favorite_listing: z.boolean(),
  favorite_buying_request: z.boolean(),
});
export type TActivityPrivacy = z.infer<typeof ZActivityPrivacy>;

/** Reads a stored activity_privacy object; a missing or malformed flag takes its default. */
export function activityPrivacyFrom(stored: unknown): TActivityPrivacy {
  const source = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const flags = { ...DEFAULT_ACTIVITY_PRIVACY } as Record<TActivityType, boolean>;
  for (const type of ACTIVITY_TYPES) {
    const value = source[type];
    if (typeof value === 'boolean') flags[type] = value;
  }
  return flags;
}

/** A partial update: flags left out keep their value. */
export const ZUpdatePrivacyInput = z.object({ flags: ZActivityPrivacy.partial() });
export type TUpdatePrivacyInput = z.infer<typeof ZUpdatePrivacyInput>;

/**
 * What an activity carries (rule S-7): title, image, price, budget bounds,
 * amount, category, listing id and title, role. Money in cents; every field optional.
 */
export const ZActivityData = z.object({
  title: z.string().optional(),
  image: z.string().nullable().optional(),
  price: z.number().int().nonnegative().optional(),
  budget_min: z.number().int().nonnegative().nullable().optional(),
  budget_max: z.number().int().nonnegative().nullable().optional(),
  amount: z.number().int().nonnegative().optional(),
  category: z.string().nullable().optional(),
  listing_id: z.string().optional(),
  listing_title: z.string().optional(),
  role: z.enum(['buyer', 'seller']).optional(),
});
export type TActivityData = z.infer<typeof ZActivityData>;

export const ZActivity = z.object({
  id: z.uuid(),
  type: ZActivityType,
  relatedId: z.uuid().nullable(),
  data: ZActivityData,
  /** False only ever reaches the owner, who sees it marked "only visible to you". */
  isVisible: z.boolean(),
  createdAt: z.date(),
});
export type TActivity = z.infer<typeof ZActivity>;

export const ZProfileActivitiesInput = z
  .object({
    userId: z.uuid().optional(),
    cursor: zText().max(200).optional(),
    limit: z.number().int().min(1).max(50).default(LIMITS.activityListLimit),
  })
  .prefault({});
export type TProfileActivitiesInput = z.input<typeof ZProfileActivitiesInput>;

export const ZProfileActivities = z.object({
  items: z.array(ZActivity),
  nextCursor: z.string().nullable(),
});
export type TProfileActivities = z.infer<typeof ZProfileActivities>;

export const ZProfileGetInput = z.object({ userId: z.uuid().optional() }).prefault({});
export type TProfileGetInput = z.input<typeof ZProfileGetInput>;

/** Counts on a profile's stats row (rule S-3). */
export const ZProfileStats = z.object({
  listingsCount: z.number().int().nonnegative(),
  buyingRequestsCount: z.number().int().nonnegative(),
  followersCount: z.number().int().nonnegative(),
  followingCount: z.number().int().nonnegative(),
});

/** Public fields of any profile. */
export const ZPublicProfile = z.object({
  userId: z.uuid(),
  nickname: z.string(),
  avatarUrl: z.string().nullable(),
  /** 0..100; the client shows score/20 out of 5. */
  creditScore: z.number().int().min(0).max(100),
  /** 0..1; shown as a percent. */
  attendanceRate: z.number().min(0).max(1),
  soldCount: z.number().int().nonnegative(),
  registeredAt: z.date(),
  lastActiveAt: z.date(),
  stats: ZProfileStats,
});

export const ZProfileView = z.discriminatedUnion('isOwn', [
  ZPublicProfile.extend({ isOwn: z.literal(true), email: z.string() }),
  ZPublicProfile.extend({ isOwn: z.literal(false), isFollowing: z.boolean() }),
]);
export type TProfileView = z.infer<typeof ZProfileView>;
