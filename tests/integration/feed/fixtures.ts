import type { Kysely } from 'kysely';
import type { Database } from '../../../server/src/db/schema.ts';

export interface ListingFixture {
  sellerId: string;
  title: string;
  description?: string;
  category?: 'goods' | 'service';
  tags?: string[];
  status?: 'available' | 'sold' | 'unavailable';
  quantity?: number;
  likes?: number;
  favorites?: number;
  purchases?: number;
  createdAt: Date;
  anonymous?: boolean;
}

export async function insertListing(db: Kysely<Database>, f: ListingFixture): Promise<string> {
  const row = await db
    .insertInto('listings')
    .values({
      seller_id: f.sellerId,
      title: f.title,
      description: f.description ?? `${f.title} description`,
      category: f.category ?? 'goods',
      tags: f.tags ?? [],
      price_cents: 12_345,
      unit: 'piece',
      quantity: f.quantity ?? 1,
      status: f.status ?? 'available',
      is_anonymous: f.anonymous ?? false,
      likes_count: f.likes ?? 0,
      favorites_count: f.favorites ?? 0,
      purchase_count: f.purchases ?? 0,
      created_at: f.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface RequestFixture {
  userId: string;
  title: string;
  description?: string;
  category?: 'goods' | 'service' | null;
  tags?: string[];
  status?: 'open' | 'closed' | 'expired' | 'deal_made' | 'in_negotiation' | 'offer_limit_reached';
  expiresAt?: Date | null;
  likes?: number;
  favorites?: number;
  offers?: number;
  createdAt: Date;
}

export async function insertRequest(db: Kysely<Database>, f: RequestFixture): Promise<string> {
  const row = await db
    .insertInto('buying_requests')
    .values({
      user_id: f.userId,
      title: f.title,
      description: f.description ?? `${f.title} description`,
      category: f.category === undefined ? 'goods' : f.category,
      tags: f.tags ?? [],
      status: f.status ?? 'open',
      expires_at: f.expiresAt ?? null,
      likes_count: f.likes ?? 0,
      favorites_count: f.favorites ?? 0,
      offer_count: f.offers ?? 0,
      created_at: f.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Minutes before a fixed instant: distinct, ordered creation times. */
export function minutesBefore(base: Date, minutes: number): Date {
  return new Date(base.getTime() - minutes * 60_000);
}
