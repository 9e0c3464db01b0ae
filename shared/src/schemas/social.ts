import './zod-config.ts';
import { z } from 'zod';
import { ZBuyingRequestCard, ZListingCard } from './marketplace.ts';

/** What a like or favourite is about: a listing or a buying request (rule S-12). */
export const SOCIAL_TARGET_KINDS = ['listing', 'buyingRequest'] as const;
export const ZSocialTargetKind = z.enum(SOCIAL_TARGET_KINDS);
export type TSocialTargetKind = z.infer<typeof ZSocialTargetKind>;

export const ZSocialTarget = z.object({ kind: ZSocialTargetKind, id: z.uuid() });
export type TSocialTarget = z.infer<typeof ZSocialTarget>;

export const ZToggleFollowInput = z.object({ userId: z.uuid() });
export type TToggleFollowInput = z.infer<typeof ZToggleFollowInput>;

/**
 * The state after a toggle: whether the caller now likes / favourites / follows, and the
 * target's count as the rows say it is (likes, favourites, or the followed user's followers).
 */
export const ZToggleResult = z.object({ active: z.boolean(), count: z.number().int().nonnegative() });
export type TToggleResult = z.infer<typeof ZToggleResult>;

/** The caller's liked or favourited items, newest first, as the feed cards show them. */
export const ZMySocialItems = z.object({
  listings: z.array(ZListingCard),
  buyingRequests: z.array(ZBuyingRequestCard),
});
export type TMySocialItems = z.infer<typeof ZMySocialItems>;

/** A user row in a following list. */
export const ZFollowedUser = z.object({
  userId: z.uuid(),
  nickname: z.string(),
  avatarUrl: z.string().nullable(),
  followedAt: z.date(),
});
export type TFollowedUser = z.infer<typeof ZFollowedUser>;
export const ZMyFollowing = z.array(ZFollowedUser);

/** Whether the caller likes / favourites one item (for the detail pages' buttons). */
export const ZSocialStateInput = ZSocialTarget;
export const ZSocialState = z.object({
  liked: z.boolean(),
  favorited: z.boolean(),
  likesCount: z.number().int().nonnegative(),
  favoritesCount: z.number().int().nonnegative(),
});
export type TSocialState = z.infer<typeof ZSocialState>;
