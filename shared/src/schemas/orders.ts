import './zod-config.ts';
import { z } from 'zod';
import { ZIdempotencyKey, zText } from './common.ts';
import { ZUploadKey } from './uploads.ts';
import { ZTip } from './tips.ts';
import { ZTimeZone } from '../rules/time-zone.ts';

/** Rule O-5. pending exists as a status (and a buy-tab filter) but no flow creates it (ADR 0013). */
export const ORDER_STATUSES = ['pending', 'paid', 'shipped', 'completed', 'refunding', 'refunded', 'cancelled'] as const;
export const ZOrderStatus = z.enum(ORDER_STATUSES);
export type TOrderStatus = z.infer<typeof ZOrderStatus>;

/** An order's total sits in escrow from payment until it completes, is refunded or cancelled (rules O-2 and W-1). */
export const ESCROWED_ORDER_STATUSES = ['paid', 'shipped', 'refunding'] as const satisfies readonly TOrderStatus[];

/** The filters of each tab of /orders (rule O-15). */
export const BUY_ORDER_FILTERS = ['all', 'pending', 'to_ship', 'to_receive', 'to_review', 'refunding'] as const;
export const SELL_ORDER_FILTERS = ['all', 'to_ship', 'shipped', 'completed', 'refunding'] as const;
export const ZBuyOrderFilter = z.enum(BUY_ORDER_FILTERS);
export const ZSellOrderFilter = z.enum(SELL_ORDER_FILTERS);

export const COMPLAINT_TYPES = ['product_issue', 'seller_issue', 'buyer_issue', 'fraud', 'other'] as const;
export const ZComplaintType = z.enum(COMPLAINT_TYPES);
export type TComplaintType = z.infer<typeof ZComplaintType>;

export const ORDER_LIMITS = {
  /** Rule O-10: a paid order not shipped after 24 hours is urgent for the seller. */
  urgentAfterMs: 24 * 60 * 60 * 1000,
  /** Rule O-8: a shipped order completes itself 7 days after shipping. */
  autoCompleteAfterMs: 7 * 24 * 60 * 60 * 1000,
  /** ADR 0013: a paid order not shipped within 7 days is cancelled and refunded. */
  shipDeadlineMs: 7 * 24 * 60 * 60 * 1000,
  /** Rule O-17: points on completion, percent of the order total (in whole USDN), floored. */
  buyerPointsPercent: 5,
  sellerPointsPercent: 10,
  deliveryInfoMax: 500,
  refundReasonMax: 500,
  complaintReasonMax: 1000,
  complaintImagesMax: 5,
  pageSize: 20,
} as const;

export const ZPurchaseInput = z.object({
  listingId: z.uuid(),
  quantity: z
    .number({ error: 'QUANTITY_INVALID' })
    .int({ error: 'QUANTITY_INVALID' })
    .min(1, { error: 'QUANTITY_INVALID' })
    .max(1_000_000, { error: 'QUANTITY_INVALID' }),
  idempotencyKey: ZIdempotencyKey,
});
export type TPurchaseInput = z.input<typeof ZPurchaseInput>;

export const ZPurchaseResult = z.object({ orderId: z.uuid() });
export type TPurchaseResult = z.infer<typeof ZPurchaseResult>;

export const ZOrderParty = z.object({
  id: z.uuid(),
  nickname: z.string(),
  avatarUrl: z.string().nullable(),
  creditScore: z.number().int(),
});
export type TOrderParty = z.infer<typeof ZOrderParty>;

export const ZOrderSummary = z.object({
  id: z.uuid(),
  /** First 8 characters of the id, upper case: what people read out and search for. */
  shortId: z.string(),
  title: z.string(),
  imageUrl: z.string().nullable(),
  listingId: z.uuid().nullable(),
  buyingRequestId: z.uuid().nullable(),
  quantity: z.number().int().positive(),
  unit: z.string().nullable(),
  unitPriceCents: z.number().int().positive(),
  totalCents: z.number().int().positive(),
  status: ZOrderStatus,
  buyer: ZOrderParty,
  seller: ZOrderParty,
  createdAt: z.date(),
  paidAt: z.date().nullable(),
  shippedAt: z.date().nullable(),
  completedAt: z.date().nullable(),
  autoCompleteAt: z.date().nullable(),
  /** Paid more than 24 hours ago and not shipped (rule O-10). */
  urgent: z.boolean(),
  /** The viewing member has reviewed this order. */
  reviewedByMe: z.boolean(),
});
export type TOrderSummary = z.infer<typeof ZOrderSummary>;

export const ZOrderRefund = z.object({
  id: z.uuid(),
  status: z.enum(['pending', 'approved', 'rejected']),
  reason: z.string(),
  amountCents: z.number().int().positive(),
  adminNotes: z.string().nullable(),
  createdAt: z.date(),
  processedAt: z.date().nullable(),
});

export const ZOrderDetail = ZOrderSummary.extend({
  /** 'admin': an admin who is not a party reads the order; every party action stays refused. */
  role: z.enum(['buyer', 'seller', 'admin']),
  deliveryInfo: z.string().nullable(),
  shipDeadlineAt: z.date().nullable(),
  cancelledAt: z.date().nullable(),
  refundedAt: z.date().nullable(),
  escrowStatus: z.enum(['pending', 'in_progress', 'completed', 'refunded']),
  /** The latest refund request, if any. */
  refund: ZOrderRefund.nullable(),
  /** Complaints this member filed on the order, newest first. */
  myComplaints: z.array(
    z.object({ id: z.uuid(), type: ZComplaintType, status: z.enum(['pending', 'resolved']), adminResponse: z.string().nullable(), createdAt: z.date() }),
  ),
  /**
   * The buyer's tips to the seller on this order, newest first (rule O-18): both parties and an
   * admin reading the order see them. A buyer may tip a completed order more than once.
   */
  tips: z.array(ZTip),
});
export type TOrderDetail = z.infer<typeof ZOrderDetail>;

export const ZOrdersListInput = z.discriminatedUnion('side', [
  z.object({ side: z.literal('buy'), filter: ZBuyOrderFilter.default('all'), cursor: zText().max(200).nullish() }),
  z.object({ side: z.literal('sell'), filter: ZSellOrderFilter.default('all'), cursor: zText().max(200).nullish() }),
]);
export type TOrdersListInput = z.input<typeof ZOrdersListInput>;

export const ZOrdersPage = z.object({ items: z.array(ZOrderSummary), nextCursor: z.string().nullable() });
export type TOrdersPage = z.infer<typeof ZOrdersPage>;

/** Sell-tab summary cards; "this month" is the calendar month in the given time zone. */
export const ZSellSummaryInput = z.object({ timeZone: ZTimeZone.optional() });
export const ZSellSummary = z.object({
  toShip: z.number().int(),
  urgent: z.number().int(),
  monthRevenueCents: z.number().int(),
  totalOrders: z.number().int(),
});
export type TSellSummary = z.infer<typeof ZSellSummary>;

export const ZOrderIdInput = z.object({ orderId: z.uuid() });

export const ZShipOrderInput = z.object({
  orderId: z.uuid(),
  deliveryInfo: zText({ error: 'DELIVERY_INFO_REQUIRED' })
    .trim()
    .min(1, { error: 'DELIVERY_INFO_REQUIRED' })
    .max(ORDER_LIMITS.deliveryInfoMax, { error: 'CONTENT_TOO_LONG' }),
});

export const ZConfirmReceiptInput = z.object({ orderId: z.uuid(), idempotencyKey: ZIdempotencyKey });

export const ZRequestRefundInput = z.object({
  orderId: z.uuid(),
  reason: zText({ error: 'REFUND_REASON_REQUIRED' })
    .trim()
    .min(1, { error: 'REFUND_REASON_REQUIRED' })
    .max(ORDER_LIMITS.refundReasonMax, { error: 'CONTENT_TOO_LONG' }),
});

export const ZOrderComplaintInput = z.object({
  orderId: z.uuid(),
  type: ZComplaintType,
  reason: zText({ error: 'COMPLAINT_REASON_REQUIRED' })
    .trim()
    .min(1, { error: 'COMPLAINT_REASON_REQUIRED' })
    .max(ORDER_LIMITS.complaintReasonMax, { error: 'CONTENT_TOO_LONG' }),
  evidenceImages: z.array(ZUploadKey).max(ORDER_LIMITS.complaintImagesMax, { error: 'TOO_MANY_IMAGES' }).default([]),
});

/** CSV of the member's sold orders (rule O-15): UTF-8 with a BOM so Excel reads Chinese text. */
export const ZOrdersCsv = z.object({ filename: z.string(), csv: z.string() });

export const ORDERS_CSV_COLUMNS = ['id', 'title', 'buyer', 'quantity', 'total', 'status', 'created'] as const;
export type TOrdersCsvColumn = (typeof ORDERS_CSV_COLUMNS)[number];
const zCsvLabel = () => zText().trim().min(1).max(40);

/**
 * The export's time zone and, in the exporter's language, its column titles and status labels
 * (the order page's own labels, from the client's translations); English codes when absent.
 */
export const ZOrdersCsvInput = ZSellSummaryInput.extend({
  labels: z
    .object({
      // records keyed by an enum are exhaustive in zod 4: every column and every status has its label
      columns: z.record(z.enum(ORDERS_CSV_COLUMNS), zCsvLabel()),
      statuses: z.record(ZOrderStatus, zCsvLabel()),
    })
    .optional(),
});
export type TOrdersCsvInput = z.input<typeof ZOrdersCsvInput>;

/** orders.complain's answer: the complaint row it filed. */
export const ZOrderComplaintResult = z.object({ complaintId: z.uuid() });
export type TOrderComplaintResult = z.infer<typeof ZOrderComplaintResult>;

export type TShipOrderInput = z.input<typeof ZShipOrderInput>;
export type TConfirmReceiptInput = z.input<typeof ZConfirmReceiptInput>;
export type TRequestRefundInput = z.input<typeof ZRequestRefundInput>;
export type TOrderComplaintInput = z.input<typeof ZOrderComplaintInput>;
export type TOrderIdInput = z.infer<typeof ZOrderIdInput>;
export type TSellSummaryInput = z.infer<typeof ZSellSummaryInput>;
export type TOrdersCsv = z.infer<typeof ZOrdersCsv>;
