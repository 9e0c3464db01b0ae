import type { Kysely } from 'kysely';
import type { THistoryEntry, THistoryPage } from '@curio/shared';
import type { Database } from '../../db/schema.ts';

/** Where an entry's cause lives in the app, for the reference link of the history row. */
export function historyLink(referenceType: string | null, referenceId: string | null): string | null {
  if (!referenceType || !referenceId) return null;
  switch (referenceType) {
    case 'order':
      return `/orders/${referenceId}`;
    case 'listing':
      return `/listing/${referenceId}`;
    case 'usdn_withdrawal':
      return '/withdrawal?tab=history';
    case 'usdt_recharge_request':
      return '/recharge?tab=usdt';
    case 'recharge_code':
      return '/recharge';
    case 'usdn_transfer':
      return '/transfer';
    default:
      return null;
  }
}

/**
 * Every movement of a member's available balance in one currency, newest first, paged by the
 * ledger transfer id (a keyset: ids only grow, so pages never repeat or skip under inserts).
 * Reads the read-model views over the ledger, whose entries of a user sum to the balance.
 */
export async function readHistory(
  db: Kysely<Database>,
  input: { userId: string; currency: 'usdn' | 'points'; cursor: number | null; limit: number },
): Promise<THistoryPage> {
  const rows =
    input.currency === 'usdn'
      ? await db
          .selectFrom('usdn_transactions')
          .select(['transfer_id', 'amount_cents as amount', 'source', 'description', 'reference_type', 'reference_id', 'created_at'])
          .where('user_id', '=', input.userId)
          .$if(input.cursor !== null, (qb) => qb.where('transfer_id', '<', input.cursor!))
          .orderBy('transfer_id', 'desc')
          .limit(input.limit + 1)
          .execute()
      : await db
          .selectFrom('points_rewards')
          .select(['transfer_id', 'points_amount as amount', 'source', 'source_description as description', 'reference_type', 'reference_id', 'created_at'])
          .where('user_id', '=', input.userId)
          .$if(input.cursor !== null, (qb) => qb.where('transfer_id', '<', input.cursor!))
          .orderBy('transfer_id', 'desc')
          .limit(input.limit + 1)
          .execute();
  const page = rows.slice(0, input.limit);
  const entries: THistoryEntry[] = page.map((row) => ({
    id: Number(row.transfer_id),
    amount: Number(row.amount),
    kind: row.source ?? 'other',
    referenceType: row.reference_type,
    referenceId: row.reference_id,
    link: historyLink(row.reference_type, row.reference_id),
    memo: row.description,
    createdAt: row.created_at ?? new Date(0),
  }));
  const last = entries.at(-1);
  return { entries, nextCursor: rows.length > input.limit && last ? last.id : null };
}
