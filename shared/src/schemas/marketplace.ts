import './zod-config.ts';
import { z } from 'zod';
import { BUYING_REQUEST_STATUSES } from '../rules/buying-requests.ts';

export const LISTING_CATEGORIES = ['goods', 'service'] as const;
export const ZListingCategory = z.enum(LISTING_CATEGORIES);
export type TListingCategory = z.infer<typeof ZListingCategory>;

export const LISTING_STATUSES = ['available', 'sold', 'unavailable'] as const;
export const ZListingStatus = z.enum(LISTING_STATUSES);

/** A listing as a feed card shows it (rule F-6); never carries private seller fields. */
export const ZListingCard = z.object({
  id: z.uuid(),
  title: z.string(),
  priceCents: z.number().int().positive(),
  originalPriceCents: z.number().int().positive().nullable(),
  coverUrl: z.string().nullable(),
  category: ZListingCategory,
  likesCount: z.number().int().nonnegative(),
  favoritesCount: z.number().int().nonnegative(),
  status: ZListingStatus,
  /** Null when the listing is anonymous. */
  sellerNickname: z.string().nullable(),
  createdAt: z.date(),
  /** Null when the listing is anonymous; optional so older producers stay valid. */
  sellerId: z.uuid().nullable().optional(),
  /** Sold, or no stock left: the card shows the sold-out overlay. */
  soldOut: z.boolean().optional(),
  purchaseCount: z.number().int().nonnegative().optional(),
});
export type TListingCard = z.infer<typeof ZListingCard>;

/** A buying request's stored status (rules/buying-requests.ts), carried by its card. */
export const ZBuyingRequestStatus = z.enum(BUYING_REQUEST_STATUSES);
export type TBuyingRequestStatus = z.infer<typeof ZBuyingRequestStatus>;

/** A buying request as a feed card shows it; a null budget bound means "no limit". */
export const ZBuyingRequestCard = z.object({
  id: z.uuid(),
  title: z.string(),
  budgetMinCents: z.number().int().nonnegative().nullable(),
  budgetMaxCents: z.number().int().nonnegative().nullable(),
  activeOffersCount: z.number().int().nonnegative(),
  maxOffersAllowed: z.number().int().positive(),
  category: ZListingCategory.nullable(),
  createdAt: z.date(),
  /** Offers ever made: what the "hot" sort orders requests by (rule F-3). */
  offerCount: z.number().int().nonnegative().optional(),
  likesCount: z.number().int().nonnegative().optional(),
  favoritesCount: z.number().int().nonnegative().optional(),
  requesterNickname: z.string().nullable().optional(),
  /** The requester: their own card offers no make-offer (the server refuses it). Optional so older producers stay valid. */
  requesterId: z.uuid().optional(),
  /** Set where a card may show a request that stopped taking offers (favourites and likes). */
  status: ZBuyingRequestStatus.optional(),
});
export type TBuyingRequestCard = z.infer<typeof ZBuyingRequestCard>;
