import { z } from 'zod';

export const LISTING_CATEGORIES = ['goods', 'service'] as const;
export const ZListingCategory = z.enum(LISTING_CATEGORIES);
export type TListingCategory = z.infer<typeof ZListingCategory>;

export const LISTING_STATUSES = ['available', 'sold', 'unavailable'] as const;
export const ZListingStatus = z.enum(LISTING_STATUSES);

export const ZMarketplaceLatestInput = z
  .object({ limit: z.number().int().min(1).max(50).default(24) })
  .prefault({});
export type TMarketplaceLatestInput = z.input<typeof ZMarketplaceLatestInput>;

/** A listing as a feed card shows it (spec 1 §2 home); never carries private seller fields. */
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
});
export type TListingCard = z.infer<typeof ZListingCard>;

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
});
export type TBuyingRequestCard = z.infer<typeof ZBuyingRequestCard>;

export const ZMarketplaceLatest = z.object({
  listings: z.array(ZListingCard),
  buyingRequests: z.array(ZBuyingRequestCard),
});
export type TMarketplaceLatest = z.infer<typeof ZMarketplaceLatest>;
