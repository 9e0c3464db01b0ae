import './zod-config.ts';
import { z } from 'zod';
import { zText } from './common.ts';

/** Longest comment or reply, after sanitising (the listing_comments CHECK says the same). */
export const COMMENT_LIMITS = { contentMax: 1000, pageSize: 10 } as const;

/** See reviews.ts: the service measures the sanitised text so CONTENT_TOO_LONG can carry {max}. */
const ZCommentText = zText({ error: 'CONTENT_REQUIRED' }).max(20_000, { error: 'CONTENT_TOO_LONG' });

export const ZCreateCommentInput = z.object({
  listingId: z.uuid(),
  content: ZCommentText,
  /** Set for a reply: the top-level comment it answers. */
  parentId: z.uuid().nullish(),
});
export type TCreateCommentInput = z.input<typeof ZCreateCommentInput>;

export const ZUpdateCommentInput = z.object({ commentId: z.uuid(), content: ZCommentText });
export type TUpdateCommentInput = z.input<typeof ZUpdateCommentInput>;

export const ZCommentIdInput = z.object({ commentId: z.uuid() });
export type TCommentIdInput = z.infer<typeof ZCommentIdInput>;

export const ZCommentsInput = z.object({
  listingId: z.uuid(),
  cursor: zText().max(200).nullish(),
  limit: z.number().int().min(1).max(50).default(COMMENT_LIMITS.pageSize),
});
export type TCommentsInput = z.input<typeof ZCommentsInput>;

export const ZComment = z.object({
  id: z.uuid(),
  listingId: z.uuid(),
  parentId: z.uuid().nullable(),
  content: z.string(),
  likesCount: z.number().int().nonnegative(),
  likedByMe: z.boolean(),
  isMine: z.boolean(),
  edited: z.boolean(),
  author: z.object({ id: z.uuid(), nickname: z.string(), avatarUrl: z.string().nullable() }),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type TComment = z.infer<typeof ZComment>;

/** A top-level comment with its replies, oldest first (one reply level, rule S-15). */
export const ZCommentThread = ZComment.extend({ replies: z.array(ZComment) });
export type TCommentThread = z.infer<typeof ZCommentThread>;

export const ZCommentsPage = z.object({
  items: z.array(ZCommentThread),
  nextCursor: z.string().nullable(),
  /** Every comment and reply on the listing, for the tab's count. */
  total: z.number().int().nonnegative(),
});
export type TCommentsPage = z.infer<typeof ZCommentsPage>;

export const ZCommentLikeResult = z.object({ liked: z.boolean(), likesCount: z.number().int().nonnegative() });
export type TCommentLikeResult = z.infer<typeof ZCommentLikeResult>;

export const ZDeleteCommentResult = z.object({ deleted: z.literal(true) });
