import type { z } from 'zod';
import type { ZListingFields } from '@curio/shared';

type ListingFields = z.output<typeof ZListingFields>;

/** The columns a publish or an edit writes from the form's fields (one mapping for both). */
export function listingColumns(fields: ListingFields) {
  return {
    title: fields.title,
    description: fields.description,
    category: fields.category,
    unit: fields.unit,
    quantity: fields.quantity,
    price_cents: fields.priceCents,
    original_price_cents: fields.originalPriceCents ?? null,
    warranty_days: fields.warrantyDays,
    tags: fields.tags,
    images: fields.images,
    is_anonymous: fields.isAnonymous,
  };
}
