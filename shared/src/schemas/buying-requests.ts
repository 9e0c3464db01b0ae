import './zod-config.ts';
import { z } from 'zod';
import { LIMITS } from '../rules/limits.ts';
import { ZTags } from '../rules/tags.ts';
import { ZUploadKey } from './uploads.ts';
import { ZBuyingRequestStatus, ZListingCategory } from './marketplace.ts';
import { zName, zText } from './common.ts';

export const BUYING_REQUEST_MAX_OFFERS_RANGE = { min: 1, max: 10 } as const;
export const BUYING_REQUEST_EXPIRY_DAYS = { min: 1, max: 90, default: 30 } as const;

/** A budget bound: a whole number of cents above zero, or null for "no limit". */
const ZBudgetCents = z
  .number({ error: 'BUDGET_INVALID' })
  .int({ error: 'BUDGET_INVALID' })
  .positive({ error: 'BUDGET_INVALID' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'BUDGET_INVALID' })
  .nullable()
  .default(null);

/** The fields the publish and edit forms share; the server and the client form use the same rules. */
const buyingRequestFields = {
  title: zName().trim().min(1, { error: 'TITLE_REQUIRED' }).max(LIMITS.buyingRequestTitleMax, { error: 'TITLE_TOO_LONG' }),
  description: zText().trim().min(1, { error: 'DESCRIPTION_REQUIRED' }).max(LIMITS.buyingRequestDescriptionMax, { error: 'DESCRIPTION_TOO_LONG' }),
  category: ZListingCategory.nullable().default(null),
  images: z.array(ZUploadKey).max(LIMITS.maxImages, { error: 'TOO_MANY_IMAGES' }).default([]),
  tags: ZTags.default([]),
  budgetMinCents: ZBudgetCents,
  budgetMaxCents: ZBudgetCents,
};

/** ADR 0009: one rule for publish and edit — when both bounds are given, max must exceed min. */
function budgetOrder(value: { budgetMinCents: number | null; budgetMaxCents: number | null }, ctx: z.RefinementCtx) {
  if (value.budgetMinCents !== null && value.budgetMaxCents !== null && value.budgetMaxCents <= value.budgetMinCents) {
    ctx.addIssue({ code: 'custom', message: 'BUDGET_INVALID', path: ['budgetMaxCents'] });
  }
}

export const ZCreateBuyingRequestInput = z
  .object({
    ...buyingRequestFields,
    maxOffersAllowed: z.number().int().min(BUYING_REQUEST_MAX_OFFERS_RANGE.min).max(BUYING_REQUEST_MAX_OFFERS_RANGE.max).default(LIMITS.defaultMaxOffers),
    expiresInDays: z.number().int().min(BUYING_REQUEST_EXPIRY_DAYS.min).max(BUYING_REQUEST_EXPIRY_DAYS.max).default(BUYING_REQUEST_EXPIRY_DAYS.default),
  })
  .superRefine(budgetOrder);
export type TCreateBuyingRequestInput = z.input<typeof ZCreateBuyingRequestInput>;

/** The edit form (rule B-4): title, description, images, tags, category, budget; the whole set is replaced. */
export const ZUpdateBuyingRequestInput = z.object({ id: z.uuid(), ...buyingRequestFields }).superRefine(budgetOrder);
export type TUpdateBuyingRequestInput = z.input<typeof ZUpdateBuyingRequestInput>;

export const ZBuyingRequestIdInput = z.object({ id: z.uuid() });
export type TBuyingRequestIdInput = z.infer<typeof ZBuyingRequestIdInput>;

/** Visitors send a per-browser-session key; members are counted by their id. */
export const ZRecordBuyingRequestViewInput = z.object({
  id: z.uuid(),
  visitorKey: zText().trim().min(8).max(100).optional(),
});
export type TRecordBuyingRequestViewInput = z.infer<typeof ZRecordBuyingRequestViewInput>;

export const ZRecordViewResult = z.object({ counted: z.boolean(), viewCount: z.number().int().nonnegative() });
export type TRecordViewResult = z.infer<typeof ZRecordViewResult>;

export const BUYING_REQUEST_REPORT_REASONS = ['spam', 'fraud', 'private_contact', 'inappropriate', 'other'] as const;
export const ZBuyingRequestReportReason = z.enum(BUYING_REQUEST_REPORT_REASONS);
export type TBuyingRequestReportReason = z.infer<typeof ZBuyingRequestReportReason>;

export const BUYING_REQUEST_REPORT_DETAILS_MAX = 500;
export const ZReportBuyingRequestInput = z.object({
  id: z.uuid(),
  reason: ZBuyingRequestReportReason,
  details: zText().trim().max(BUYING_REQUEST_REPORT_DETAILS_MAX).optional(),
});
/** The report dialog's fields, under the rules of ZReportBuyingRequestInput (details optional). */
export const ZBuyingRequestReportForm = z.object({ reason: ZBuyingRequestReportReason, detail: ZReportBuyingRequestInput.shape.details });
export type TReportBuyingRequestInput = z.input<typeof ZReportBuyingRequestInput>;

export const ZRequesterCard = z.object({
  id: z.uuid(),
  nickname: z.string(),
  avatarUrl: z.string().nullable(),
  creditScore: z.number().int(),
  attendanceRate: z.number(),
  soldCount: z.number().int().nonnegative(),
  createdAt: z.date(),
});
export type TRequesterCard = z.infer<typeof ZRequesterCard>;

/** Everything the detail page shows; `status` is the effective one (an overdue open request reads expired). */
export const ZBuyingRequestDetail = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  category: ZListingCategory.nullable(),
  /** Upload keys; the URL of each is uploadUrl(key). */
  images: z.array(z.string()),
  tags: z.array(z.string()),
  budgetMinCents: z.number().int().nullable(),
  budgetMaxCents: z.number().int().nullable(),
  maxOffersAllowed: z.number().int().positive(),
  activeOffersCount: z.number().int().nonnegative(),
  offerCount: z.number().int().nonnegative(),
  viewCount: z.number().int().nonnegative(),
  likesCount: z.number().int().nonnegative(),
  favoritesCount: z.number().int().nonnegative(),
  status: ZBuyingRequestStatus,
  /** True while the request takes new offers: active status, not expired, below the maximum. */
  acceptingOffers: z.boolean(),
  selectedOfferId: z.uuid().nullable(),
  createdAt: z.date(),
  expiresAt: z.date().nullable(),
  requester: ZRequesterCard,
  /** The requester is under an active ban: nobody makes an offer until it is lifted (rule A-18, ADR 0042). */
  requesterSuspended: z.boolean(),
  viewer: z.object({
    isOwner: z.boolean(),
    liked: z.boolean(),
    favorited: z.boolean(),
    followingRequester: z.boolean(),
    myActiveOfferId: z.uuid().nullable(),
  }),
});
export type TBuyingRequestDetail = z.infer<typeof ZBuyingRequestDetail>;

/** A request as its owner's list and the seller's offer list summarise it. */
export const ZBuyingRequestSummary = z.object({
  id: z.uuid(),
  title: z.string(),
  coverUrl: z.string().nullable(),
  category: ZListingCategory.nullable(),
  budgetMinCents: z.number().int().nullable(),
  budgetMaxCents: z.number().int().nullable(),
  maxOffersAllowed: z.number().int().positive(),
  activeOffersCount: z.number().int().nonnegative(),
  offerCount: z.number().int().nonnegative(),
  status: ZBuyingRequestStatus,
  createdAt: z.date(),
  expiresAt: z.date().nullable(),
});
export type TBuyingRequestSummary = z.infer<typeof ZBuyingRequestSummary>;

export const ZBuyingRequestCreated = z.object({ id: z.uuid() });
export type TBuyingRequestCreated = z.infer<typeof ZBuyingRequestCreated>;
