import '../zod-config.ts';
import { z } from 'zod';
import { LISTING_STATUSES } from '../marketplace.ts';
import { LISTING_REVIEW_STATUSES } from '../listings.ts';
import { BUYING_REQUEST_STATUSES } from '../../rules/buying-requests.ts';
import { ORDER_STATUSES } from '../orders.ts';
import { ZAdminCsvLabels, ZAdminCsvValues, ZAdminListInput, ZAdminReason, zAdminPage, zAdminSort, zAdminTableControls } from './paging.ts';
import { zText } from '../common.ts';
import { APP_ERROR_CODES } from '../../errors.ts';

/** Listings, buying requests, orders and complaints tabs (rules AD-10 to AD-14, AD-19 and AD-20). */

/** A person an admin row names; admins always see who it is, anonymous listing or not. */
export const ZAdminPerson = z.object({ id: z.uuid(), nickname: z.string() });
export type TAdminPerson = z.infer<typeof ZAdminPerson>;

/** An optional note an admin adds to a moderation action; kept in the audit log. */
const ZOptionalNote = zText()
  .trim()
  .max(500, { error: 'CONTENT_TOO_LONG' })
  .nullish()
  .transform((value) => (value ? value : null));

// ---------------------------------------------------------------- listings (rules AD-10 to AD-13)

export const ZAdminListingReviewStatus = z.enum(LISTING_REVIEW_STATUSES);

/** Listings sort by creation (newest first by default) or price. */
export const ADMIN_LISTING_SORTS = ['createdAt', 'price'] as const;
export type TAdminListingSort = (typeof ADMIN_LISTING_SORTS)[number];

export const ZAdminListingsInput = ZAdminListInput.extend({
  status: z.enum(LISTING_STATUSES).optional(),
  reviewStatus: ZAdminListingReviewStatus.optional(),
  ...zAdminSort(ADMIN_LISTING_SORTS),
});
export type TAdminListingsInput = z.input<typeof ZAdminListingsInput>;

export const ZAdminListingItem = z.object({
  id: z.uuid(),
  title: z.string(),
  category: z.string(),
  priceCents: z.number().int(),
  quantity: z.number().int(),
  coverUrl: z.string().nullable(),
  status: z.enum(LISTING_STATUSES),
  reviewStatus: ZAdminListingReviewStatus,
  /** Shown to the admin with a mark; the public never sees who is behind an anonymous listing. */
  isAnonymous: z.boolean(),
  seller: ZAdminPerson,
  /** Orders referencing the listing: they keep their own title/price/image snapshot after a delete. */
  orderCount: z.number().int().min(0),
  createdAt: z.date(),
});
export type TAdminListingItem = z.infer<typeof ZAdminListingItem>;
export const ZAdminListingsPage = zAdminPage(ZAdminListingItem);

export const ZAdminListingActionInput = z.object({ listingId: z.uuid(), note: ZOptionalNote });
export type TAdminListingActionInput = z.input<typeof ZAdminListingActionInput>;

/** Reject and take down: the seller is told, so the reason is required and goes into the notification. */
export const ZAdminListingReasonInput = z.object({ listingId: z.uuid(), reason: ZAdminReason });
export type TAdminListingReasonInput = z.input<typeof ZAdminListingReasonInput>;

/** Bulk review of pending listings: at most one page of the table at a time. */
export const ADMIN_BULK_MAX = 100;
export const ZAdminBulkApproveInput = z.object({
  listingIds: z
    .array(z.uuid())
    .min(1)
    .max(ADMIN_BULK_MAX)
    .transform((ids) => [...new Set(ids)]),
});
export type TAdminBulkApproveInput = z.input<typeof ZAdminBulkApproveInput>;
export const ZAdminBulkRejectInput = ZAdminBulkApproveInput.extend({ reason: ZAdminReason });
export type TAdminBulkRejectInput = z.input<typeof ZAdminBulkRejectInput>;

/** Each listing's own outcome: done, or the app code that refused it (it was no longer pending...). */
export const ZAdminBulkResult = z.object({
  results: z.array(z.object({ listingId: z.uuid(), ok: z.boolean(), code: z.enum(APP_ERROR_CODES).nullable() })),
});
export type TAdminBulkResult = z.infer<typeof ZAdminBulkResult>;

export const ZAdminListingActionResult = z.object({
  listingId: z.uuid(),
  status: z.enum(LISTING_STATUSES),
  reviewStatus: ZAdminListingReviewStatus,
});
export const ZAdminListingDeleted = z.object({ listingId: z.uuid(), deleted: z.literal(true) });

// ---------------------------------------------------------------- buying requests (rule AD-14)

export const ZAdminBuyingRequestStatus = z.enum(BUYING_REQUEST_STATUSES);

export const ZAdminBuyingInput = ZAdminListInput.extend({ status: ZAdminBuyingRequestStatus.optional() });
export type TAdminBuyingInput = z.input<typeof ZAdminBuyingInput>;

export const ZAdminBuyingItem = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  category: z.string().nullable(),
  budgetMinCents: z.number().int().nullable(),
  budgetMaxCents: z.number().int().nullable(),
  /** As a reader sees it: an active request past its expiry reads as expired. */
  status: ZAdminBuyingRequestStatus,
  offerCount: z.number().int(),
  activeOffersCount: z.number().int(),
  poster: ZAdminPerson,
  createdAt: z.date(),
  expiresAt: z.date().nullable(),
  /** Whether close is offered: only active requests (open, offers full, in negotiation). */
  canClose: z.boolean(),
});
export type TAdminBuyingItem = z.infer<typeof ZAdminBuyingItem>;
export const ZAdminBuyingPage = zAdminPage(ZAdminBuyingItem);

/** The poster is told why their request was closed, so the reason is required. */
export const ZAdminBuyingCloseInput = z.object({ requestId: z.uuid(), reason: ZAdminReason });
export type TAdminBuyingCloseInput = z.input<typeof ZAdminBuyingCloseInput>;
export const ZAdminBuyingCloseResult = z.object({
  requestId: z.uuid(),
  status: z.literal('closed'),
  /** Pending or negotiating offers rejected with the request, as the owner's own close does. */
  rejectedOffers: z.number().int().min(0),
});

// ---------------------------------------------------------------- orders (rule AD-20)

export const ZAdminOrderStatus = z.enum(ORDER_STATUSES);

/** Search matches the title, or the start of the order id (the short id the rows show). */
export const ADMIN_ORDER_SORTS = ['createdAt', 'total'] as const;
export type TAdminOrderSort = (typeof ADMIN_ORDER_SORTS)[number];

export const ZAdminOrdersInput = ZAdminListInput.extend({
  status: ZAdminOrderStatus.optional(),
  /** One member's orders, bought or sold (the member detail view). */
  memberId: z.uuid().optional(),
  ...zAdminTableControls(ADMIN_ORDER_SORTS),
});

/** The orders table as CSV: the list's filters, every matching row. */
export const ZAdminOrdersCsvInput = ZAdminOrdersInput.omit({ page: true, pageSize: true }).extend({ labels: ZAdminCsvLabels, values: ZAdminCsvValues });
export type TAdminOrdersCsvInput = z.input<typeof ZAdminOrdersCsvInput>;
export type TAdminOrdersInput = z.input<typeof ZAdminOrdersInput>;

export const ZAdminOrderItem = z.object({
  id: z.uuid(),
  shortId: z.string(),
  title: z.string(),
  totalCents: z.number().int(),
  status: ZAdminOrderStatus,
  buyer: ZAdminPerson,
  seller: ZAdminPerson,
  createdAt: z.date(),
});
export type TAdminOrderItem = z.infer<typeof ZAdminOrderItem>;
export const ZAdminOrdersPage = zAdminPage(ZAdminOrderItem);

export const ZAdminOrderIdInput = z.object({ orderId: z.uuid() });
export const ZAdminOrderDetail = ZAdminOrderItem.extend({
  listingId: z.uuid().nullable(),
  imageUrl: z.string().nullable(),
  unitPriceCents: z.number().int(),
  quantity: z.number().int(),
  deliveryInfo: z.string().nullable(),
  paidAt: z.date().nullable(),
  shippedAt: z.date().nullable(),
  completedAt: z.date().nullable(),
  cancelledAt: z.date().nullable(),
  refundedAt: z.date().nullable(),
  refund: z.object({ status: z.string(), reason: z.string(), amountCents: z.number().int(), adminNotes: z.string().nullable() }).nullable(),
  complaintCount: z.number().int().min(0),
});
export type TAdminOrderDetail = z.infer<typeof ZAdminOrderDetail>;

// ---------------------------------------------------------------- complaints (rule AD-19)

export const ADMIN_COMPLAINT_STATUSES = ['pending', 'resolved'] as const;
export const ZAdminComplaintStatus = z.enum(ADMIN_COMPLAINT_STATUSES);

export const ZAdminComplaintsInput = ZAdminListInput.extend({ status: ZAdminComplaintStatus.optional() });
export type TAdminComplaintsInput = z.input<typeof ZAdminComplaintsInput>;

/** What a complaint is about: an order (complaint), or a listing or buying request (report). */
export const ZAdminComplaintSubject = z.enum(['order', 'listing', 'buying_request', 'none']);

export const ZAdminComplaintItem = z.object({
  id: z.uuid(),
  subject: ZAdminComplaintSubject,
  /** The type as filed: an order complaint type, a listing report reason or a request report reason. */
  type: z.string(),
  reason: z.string(),
  evidence: z.array(z.object({ key: z.string(), url: z.string() })),
  reporter: ZAdminPerson,
  targetUser: ZAdminPerson.nullable(),
  /** The order, listing or request it is about, while it still exists. */
  target: z.object({ id: z.uuid(), title: z.string() }).nullable(),
  status: ZAdminComplaintStatus,
  adminResponse: z.string().nullable(),
  resolvedBy: ZAdminPerson.nullable(),
  resolvedAt: z.date().nullable(),
  createdAt: z.date(),
});
export type TAdminComplaintItem = z.infer<typeof ZAdminComplaintItem>;
export const ZAdminComplaintsPage = zAdminPage(ZAdminComplaintItem);

export const ADMIN_COMPLAINT_RESPONSE_MAX = 1000;
export const ZAdminComplaintResolveInput = z.object({
  complaintId: z.uuid(),
  response: zText({ error: 'RESPONSE_REQUIRED' })
    .trim()
    .min(1, { error: 'RESPONSE_REQUIRED' })
    .max(ADMIN_COMPLAINT_RESPONSE_MAX, { error: 'CONTENT_TOO_LONG' }),
});
export type TAdminComplaintResolveInput = z.input<typeof ZAdminComplaintResolveInput>;
export const ZAdminComplaintResolveResult = z.object({ complaintId: z.uuid(), status: z.literal('resolved') });
