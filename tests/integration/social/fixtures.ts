import type { Kysely } from 'kysely';
import type { Database } from '../../../server/src/db/schema.ts';

/** A listing written straight into the table, as publishing would leave it (no points spent). */
export async function insertTestListing(
  db: Kysely<Database>,
  sellerId: string,
  values: { title?: string; priceCents?: number; status?: string; isAnonymous?: boolean } = {},
): Promise<string> {
  const row = await db
    .insertInto('listings')
    .values({
      seller_id: sellerId,
      title: values.title ?? 'Meteorite fragment',
      description: 'A small iron meteorite with a certificate.',
      category: 'goods',
      images: ['listing/2026/11/0b8c3d2e-8f1a-4c55-9a51-3c3f0f3e2a10.webp'],
      price_cents: values.priceCents ?? 12_50,
      unit: 'piece',
      quantity: 1,
      status: values.status ?? 'available',
      is_anonymous: values.isAnonymous ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An open buying request written straight into the table. */
export async function insertTestBuyingRequest(db: Kysely<Database>, userId: string, values: { title?: string } = {}): Promise<string> {
  const row = await db
    .insertInto('buying_requests')
    .values({
      user_id: userId,
      title: values.title ?? 'Wanted: a 1970s Soviet slide rule',
      description: 'Working condition, any maker.',
      category: 'goods',
      budget_min_cents: 10_00,
      budget_max_cents: 50_00,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
