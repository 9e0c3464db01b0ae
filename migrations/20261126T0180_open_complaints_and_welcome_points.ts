import { sql, type Kysely } from 'kysely';

/**
 * One open complaint per party per order (rule O-13), and welcome points paid once (ADR 0030).
 *
 * - A member may keep one pending complaint on an order; the filing path checks it under the
 *   order's row lock, and this partial unique index is the backstop for any other writer.
 *   Orders that already collected several pending complaints from one party keep the earliest
 *   open and have the later ones closed without a response: they repeat a grievance the admin
 *   still answers, and the index could not be built over them.
 * - The welcome grant's ledger transfer names the member in its reference; a partial unique
 *   index on it makes a second grant impossible whatever path tried it.
 */
const STATEMENTS = [
  `UPDATE complaints c
      SET status = 'resolved', resolved_at = now()
    WHERE c.order_id IS NOT NULL
      AND c.status = 'pending'
      AND EXISTS (SELECT 1 FROM complaints e
                   WHERE e.order_id = c.order_id AND e.reporter_id = c.reporter_id AND e.status = 'pending'
                     AND (e.created_at, e.id) < (c.created_at, c.id))`,
  `CREATE UNIQUE INDEX complaints_one_open_per_party_idx ON complaints (order_id, reporter_id)
     WHERE status = 'pending' AND order_id IS NOT NULL`,

  `CREATE UNIQUE INDEX ledger_transfers_welcome_once_idx ON ledger_transfers (reference_id)
     WHERE kind = 'welcome_points'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore from a backup instead');
}
