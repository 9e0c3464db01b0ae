import type { Kysely } from 'kysely';
import { ZTipCurrency, type TTip } from '@curio/shared';
import type { Database } from '../../../db/schema.ts';

/** Tips on one order (or one tip), newest first, with both parties' nicknames. */
export async function loadTips(db: Kysely<Database>, where: { orderId: string } | { id: string }): Promise<TTip[]> {
  let query = db
    .selectFrom('tips as t')
    .innerJoin('profiles as f', 'f.user_id', 't.from_user_id')
    .innerJoin('profiles as s', 's.user_id', 't.to_user_id')
    .selectAll('t')
    .select(['f.nickname as from_nickname', 's.nickname as to_nickname']);
  query = 'id' in where ? query.where('t.id', '=', where.id) : query.where('t.order_id', '=', where.orderId);
  const rows = await query.orderBy('t.created_at', 'desc').orderBy('t.id', 'desc').execute();
  return rows.map((row) => ({
    id: row.id,
    orderId: row.order_id,
    from: { id: row.from_user_id, nickname: row.from_nickname },
    to: { id: row.to_user_id, nickname: row.to_nickname },
    currency: ZTipCurrency.parse(row.currency),
    amount: Number(row.amount),
    message: row.message,
    createdAt: row.created_at,
  }));
}
