import type { SelectQueryBuilder } from 'kysely';
import { ZListingCategory, ZListingStatus, uploadUrl, type TListingCard } from '@curio/shared';
import type { Database } from '../../db/schema.ts';

/** The columns a listing card needs, from listings left-joined with the seller's profile. */
export const LISTING_CARD_COLUMNS = [
  'listings.id',
  'listings.seller_id',
  'listings.title',
  'listings.price_cents',
  'listings.original_price_cents',
  'listings.images',
  'listings.category',
  'listings.likes_count',
  'listings.favorites_count',
  'listings.status',
  'listings.quantity',
  'listings.purchase_count',
  'listings.is_anonymous',
  'listings.created_at',
  'profiles.nickname',
] as const;

export function selectListingCardColumns<O>(query: SelectQueryBuilder<Database, 'listings' | 'profiles', O>) {
  return query.select(LISTING_CARD_COLUMNS);
}

export interface ListingCardRow {
  id: string;
  seller_id: string;
  title: string;
  price_cents: number;
  original_price_cents: number | null;
  images: string[];
  category: string;
  likes_count: number;
  favorites_count: number;
  status: string;
  quantity: number;
  purchase_count: number;
  is_anonymous: boolean;
  created_at: Date;
  nickname: string | null;
}

/** A row shaped as the shared card; an anonymous listing never carries its seller's nickname. */
export function toListingCard(row: ListingCardRow): TListingCard {
  const cover = row.images[0];
  return {
    id: row.id,
    title: row.title,
    priceCents: row.price_cents,
    originalPriceCents: row.original_price_cents,
    coverUrl: cover ? uploadUrl(cover) : null,
    category: ZListingCategory.parse(row.category),
    likesCount: row.likes_count,
    favoritesCount: row.favorites_count,
    status: ZListingStatus.parse(row.status),
    sellerNickname: row.is_anonymous ? null : row.nickname,
    sellerId: row.is_anonymous ? null : row.seller_id,
    createdAt: row.created_at,
    soldOut: row.status === 'sold' || row.quantity === 0,
    purchaseCount: row.purchase_count,
  };
}
