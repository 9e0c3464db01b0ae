import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { ZAdminOrderStatus, ZAdminOrdersInput, ZAdminOrdersPage } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { containsPattern, countRows, pageWindow } from '../paging.ts';

/** The short id order rows show: the first block of the uuid, which a search by id prefix finds. */
export function shortOrderId(id: string): string {
  return id.slice(0, 8);
}

/** Hex digits and dashes only: the search text may be the start of an order id. */
const ID_PREFIX = /^[0-9a-f][0-9a-f-]*$/i;

/** The orders of the whole platform with buyer and seller, newest first (spec 3 §2.11). */
export function adminOrdersQuery(db: Kysely<Database>) {
  return db
    .selectFrom('orders as o')
    .innerJoin('profiles as bp', 'bp.user_id', 'o.buyer_id')
    .innerJoin('profiles as sp', 'sp.user_id', 'o.seller_id');
}

/** Spec 3 §2.11: title, short id, total, status; status filter; search by title or id prefix. */
export const list = adminProcedure
  .input(ZAdminOrdersInput)
  .output(ZAdminOrdersPage)
  .query(async ({ ctx, input }) => {
    let filtered = adminOrdersQuery(ctx.services.db);
    if (input.status) filtered = filtered.where('o.status', '=', input.status);
    const search = input.search;
    if (search) {
      filtered = filtered.where((eb) =>
        eb.or([
          eb('o.title', 'ilike', containsPattern(search)),
          ...(ID_PREFIX.test(search) ? [eb(sql<string>`o.id::text`, 'like', `${search.toLowerCase()}%`)] : []),
        ]),
      );
    }
    const { limit, offset } = pageWindow(input);
    const [rows, total] = await Promise.all([
      filtered
        .select(['o.id', 'o.title', 'o.total_cents', 'o.status', 'o.created_at', 'o.buyer_id', 'o.seller_id', 'bp.nickname as buyer_nickname', 'sp.nickname as seller_nickname'])
        .orderBy('o.created_at', 'desc')
        .orderBy('o.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      countRows(filtered),
    ]);
    return {
      total,
      items: rows.map((row) => ({
        id: row.id,
        shortId: shortOrderId(row.id),
        title: row.title,
        totalCents: row.total_cents,
        status: ZAdminOrderStatus.parse(row.status),
        buyer: { id: row.buyer_id, nickname: row.buyer_nickname },
        seller: { id: row.seller_id, nickname: row.seller_nickname },
        createdAt: row.created_at,
      })),
    };
  });
