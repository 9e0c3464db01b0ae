import type { z } from 'zod';
import type { ZUpdateBuyingRequestInput } from '@curio/shared';

/** The editable fields every publish and edit form carries (ZUpdateBuyingRequestInput less its id). */
type RequestFields = Omit<z.output<typeof ZUpdateBuyingRequestInput>, 'id'>;

/** The columns a publish or an edit writes from those fields (one mapping for both). */
export function requestColumns(fields: RequestFields) {
  return {
    title: fields.title,
    description: fields.description,
    category: fields.category,
    tags: fields.tags,
    images: fields.images,
    budget_min_cents: fields.budgetMinCents,
    budget_max_cents: fields.budgetMaxCents,
  };
}
