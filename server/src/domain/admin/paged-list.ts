import { sql, type SelectQueryBuilder } from 'kysely';
import type { z } from 'zod';
import type { ZAdminListInput } from '@curio/shared';

type AdminListInput = Pick<z.output<typeof ZAdminListInput>, 'page' | 'pageSize'>;

/** A LIKE pattern matching `text` anywhere, with the user's % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** A LIKE pattern matching texts that start with `text`, with % and _ taken literally. */
export function prefixPattern(text: string): string {
  return `${escapeLike(text)}%`;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** How many rows a filtered query matches in all: the pager's total. */
export function countRows<DB, TB extends keyof DB>(query: SelectQueryBuilder<DB, TB, object>): Promise<number> {
  return (
    query
      .select(sql<number>`count(*)::int`.as('n'))
      // the generic row type hides the column just selected; $castTo names it
      .$castTo<{ n: number }>()
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n))
  );
}

/**
 * One page of an admin list. `filtered` holds the joins and filters that decide which rows
 * match (it is counted as it is); `columns` adds what the page shows and its order (joins that
 * only add columns belong there, so the count does not pay for them); `toItem` shapes a row.
 * Both queries run at once.
 */
export async function adminPage<DB, TB extends keyof DB, PageDB, PageTB extends keyof PageDB, Row, Item>(
  input: AdminListInput,
  filtered: SelectQueryBuilder<DB, TB, object>,
  columns: (query: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<PageDB, PageTB, Row>,
  toItem: (row: Row) => Item,
): Promise<{ total: number; items: Item[] }> {
  const [rows, total] = await Promise.all([
    columns(filtered)
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize)
      .execute(),
    countRows(filtered),
  ]);
  return { total, items: rows.map(toItem) };
}
