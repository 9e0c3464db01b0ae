import { sql, type SelectQueryBuilder } from 'kysely';
import type { z } from 'zod';
import type { ZAdminListInput } from '@curio/shared';

/** LIMIT and OFFSET of one page of an admin list (input already parsed by ZAdminListInput). */
export function pageWindow(input: z.output<typeof ZAdminListInput>): { limit: number; offset: number } {
  return { limit: input.pageSize, offset: (input.page - 1) * input.pageSize };
}

/** A LIKE pattern matching `text` anywhere, with the user's % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** How many rows an admin list's filtered query matches in all: the pager's total. */
export function countRows<DB, TB extends keyof DB>(query: SelectQueryBuilder<DB, TB, unknown>): Promise<number> {
  return query
    .select(sql<number>`count(*)::int`.as('n'))
    // the generic row type hides the column just selected; $castTo names it
    .$castTo<{ n: number }>()
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));
}
