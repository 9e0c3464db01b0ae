import { z } from 'zod';
import { zText } from '../common.ts';

/**
 * The admin lists' common input: a page (1-based), a page size and an optional search text.
 * Admin tables are browsed by page number, not an endless feed, so offset paging is enough.
 */
export const ZAdminListInput = z.object({
  page: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
  search: zText()
    .trim()
    .max(100)
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type TAdminListInput = z.input<typeof ZAdminListInput>;

/** One page of an admin list and how many rows match in all. */
export function zAdminPage<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int().min(0) });
}
