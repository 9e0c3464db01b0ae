import { sql } from 'kysely';
import type { Tx } from '../../db/transaction.ts';

/**
 * ADR 0014: a seller's credit score and attendance rate are recomputed from the facts they
 * summarise (reviews received, orders shipped or cancelled for not shipping), never nudged by
 * increments, so a retried or repeated call cannot drift them and an edited or deleted review
 * is reflected exactly.
 *
 * credit score = clamp(100 + positives − 2 × neutrals − 5 × negatives − 5 × unshipped cancellations, 0, 100)
 * attendance   = orders shipped / (orders shipped + orders cancelled for not shipping), 1 with none
 */
export const REPUTATION_WEIGHTS = {
  positive: 1,
  neutral: -2,
  negative: -5,
  unshippedCancellation: -5,
} as const;

export async function recomputeSellerReputation(trx: Tx, sellerId: string): Promise<void> {
  const w = REPUTATION_WEIGHTS;
  await sql`
    UPDATE profiles p
       SET credit_score = GREATEST(0, LEAST(100, 100
             + ${w.positive} * r.positives + ${w.neutral} * r.neutrals + ${w.negative} * r.negatives
             + ${w.unshippedCancellation} * o.unshipped)),
           attendance_rate = CASE WHEN o.shipped + o.unshipped = 0 THEN 1
                                  ELSE o.shipped::double precision / (o.shipped + o.unshipped) END
      FROM (SELECT count(*) FILTER (WHERE rating >= 4)::int AS positives,
                   count(*) FILTER (WHERE rating = 3)::int AS neutrals,
                   count(*) FILTER (WHERE rating <= 2)::int AS negatives
              FROM reviews WHERE reviewee_id = ${sellerId}) r,
           (SELECT count(*) FILTER (WHERE shipped_at IS NOT NULL)::int AS shipped,
                   count(*) FILTER (WHERE status = 'cancelled' AND shipped_at IS NULL)::int AS unshipped
              FROM orders WHERE seller_id = ${sellerId}) o
     WHERE p.user_id = ${sellerId}`.execute(trx);
}
