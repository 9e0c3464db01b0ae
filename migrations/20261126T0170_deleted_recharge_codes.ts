import { sql, type Kysely } from 'kysely';

/**
 * A used recharge code can be deleted from the admin's lists (rule AD-18: any state) without
 * losing the member's history (ADR 0032). Its redemption row and ledger transfer point at it, so
 * the row stays and `deleted_at` hides it from the codes table, the stats, the CSV and batch
 * actions; the member's redemptions still read its batch name. Only used codes are ever marked:
 * a code never redeemed is deleted outright.
 */
const STATEMENTS = [
  `ALTER TABLE recharge_codes ADD COLUMN deleted_at timestamptz`,
  `ALTER TABLE recharge_codes ADD COLUMN deleted_by uuid REFERENCES users (id) ON DELETE SET NULL`,
  `ALTER TABLE recharge_codes ADD CONSTRAINT recharge_codes_deleted_only_used CHECK (deleted_at IS NULL OR status = 'used')`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore from a backup instead');
}
