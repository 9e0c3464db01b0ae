import './zod-config.ts';
import { z } from 'zod';
import { ZUploadKey } from './uploads.ts';
import { zText } from './common.ts';

/** Rule S-19: a review has at most 3 images and 500 characters. */
export const REVIEW_LIMITS = { contentMax: 500, maxImages: 3 } as const;

/**
 * Longest text the schema lets through before the service sanitises and measures it. The real
 * limit (REVIEW_LIMITS.contentMax) is checked by the service, so the error can carry {max}; this
 * bound only keeps a hostile request from shipping megabytes.
 */
const RAW_TEXT_BOUND = 20_000;

export const REVIEW_SENTIMENTS = ['positive', 'neutral', 'negative'] as const;
export const ZReviewSentiment = z.enum(REVIEW_SENTIMENTS);
export type TReviewSentiment = z.infer<typeof ZReviewSentiment>;

/** Rule S-20: 4 or 5 stars are positive, 3 neutral, 1 or 2 negative (ADR 0014). */
export function reviewSentiment(rating: number): TReviewSentiment {
  if (rating >= 4) return 'positive';
  if (rating === 3) return 'neutral';
  return 'negative';
}

/** Rule S-24: a credit score of 0..100 shows as a rating out of 5 (score / 20). */
export function creditScoreStars(creditScore: number): number {
  return Math.min(100, Math.max(0, creditScore)) / 20;
}

export const ZReviewRating = z
  .number({ error: 'RATING_REQUIRED' })
  .int({ error: 'RATING_REQUIRED' })
  .min(1, { error: 'RATING_REQUIRED' })
  .max(5, { error: 'RATING_REQUIRED' });

const ZReviewText = zText({ error: 'CONTENT_REQUIRED' }).max(RAW_TEXT_BOUND, { error: 'CONTENT_TOO_LONG' });
/** The service counts the images so the error can carry {max}; this bound only caps the payload. */
const ZReviewImages = z.array(ZUploadKey).max(20, { error: 'TOO_MANY_IMAGES' });

export const ZCreateReviewInput = z.object({
  orderId: z.uuid(),
  rating: ZReviewRating,
  content: ZReviewText,
  images: ZReviewImages.default([]),
});
export type TCreateReviewInput = z.input<typeof ZCreateReviewInput>;

export const ZUpdateReviewInput = z.object({
  reviewId: z.uuid(),
  rating: ZReviewRating,
  content: ZReviewText,
  images: ZReviewImages.default([]),
});
export type TUpdateReviewInput = z.input<typeof ZUpdateReviewInput>;

export const ZReviewIdInput = z.object({ reviewId: z.uuid() });
export type TReviewIdInput = z.infer<typeof ZReviewIdInput>;

export const ZReviewForOrderInput = z.object({ orderId: z.uuid() });
export type TReviewForOrderInput = z.infer<typeof ZReviewForOrderInput>;

export const ZReviewsByListingInput = z.object({
  listingId: z.uuid(),
  cursor: zText().max(200).nullish(),
  limit: z.number().int().min(1).max(50).default(10),
});
export type TReviewsByListingInput = z.input<typeof ZReviewsByListingInput>;

export const ZReviewAuthor = z.object({ id: z.uuid(), nickname: z.string(), avatarUrl: z.string().nullable() });

export const ZReview = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  listingId: z.uuid().nullable(),
  rating: z.number().int().min(1).max(5),
  sentiment: ZReviewSentiment,
  content: z.string(),
  images: z.array(z.object({ key: z.string(), url: z.string() })),
  reviewer: ZReviewAuthor,
  createdAt: z.date(),
  updatedAt: z.date(),
  /** True once the reviewer changed it after posting. */
  edited: z.boolean(),
});
export type TReview = z.infer<typeof ZReview>;

export const ZReviewSummary = z.object({
  count: z.number().int().nonnegative(),
  /** Mean of the stars as given, null without reviews. */
  averageRating: z.number().min(1).max(5).nullable(),
  /** Share of positive reviews, 0..1, null without reviews. */
  positiveShare: z.number().min(0).max(1).nullable(),
  positive: z.number().int().nonnegative(),
  neutral: z.number().int().nonnegative(),
  negative: z.number().int().nonnegative(),
});
export type TReviewSummary = z.infer<typeof ZReviewSummary>;

export const ZReviewsPage = z.object({
  items: z.array(ZReview),
  nextCursor: z.string().nullable(),
  summary: ZReviewSummary,
});
export type TReviewsPage = z.infer<typeof ZReviewsPage>;

export const ZDeleteReviewResult = z.object({ deleted: z.literal(true) });
