import '../zod-config.ts';
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

/**
 * A reason an admin must give (a ban, a USDN adjustment, a rejection or take-down the member is
 * told about): trimmed, non-empty, at most 500 characters.
 */
export const ZAdminReason = zText({ error: 'REASON_REQUIRED' }).trim().min(1, { error: 'REASON_REQUIRED' }).max(500, { error: 'CONTENT_TOO_LONG' });

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;

/**
 * What a sortable admin table adds to its list input: the column to sort by (its default order,
 * newest first, when absent) and the direction. Every sortable list takes this one shape.
 */
export function zAdminSort<const S extends readonly [string, ...string[]]>(sorts: S) {
  return {
    sort: z.enum(sorts).optional(),
    direction: z.enum(SORT_DIRECTIONS).default('desc'),
  };
}

/**
 * A sortable, date-filtered admin table: zAdminSort and a range of the row's creation time,
 * `from` inclusive and `to` exclusive (the client sends the admin's local midnights).
 */
export function zAdminTableControls<const S extends readonly [string, ...string[]]>(sorts: S) {
  return {
    ...zAdminSort(sorts),
    from: z.date().optional(),
    to: z.date().optional(),
  };
}

/** Column titles of an exported table in the admin's language, by column; English otherwise. */
export const ZAdminCsvLabels = z.record(zText().max(40), zText().max(60)).optional();

/**
 * Coded values of an exported table (a status, a role, an action) in the admin's language, by
 * column and then by code, as the console shows them; a code without a label (or a call
 * without any, from a script) stays the stable code.
 */
export const ZAdminCsvValues = z.record(zText().max(40), z.record(zText().max(60), zText().max(80))).optional();

/** An exported table: UTF-8 with a BOM and CRLF line ends (see spreadsheetCsv). */
export const ZAdminCsv = z.object({ filename: z.string(), csv: z.string(), count: z.number().int() });
export type TAdminCsv = z.infer<typeof ZAdminCsv>;
