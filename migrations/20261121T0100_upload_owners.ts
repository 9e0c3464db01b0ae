import { sql, type Kysely } from 'kysely';

/**
 * Who uploaded each file (rule I-15, ADR 0021, closing the gap ADR 0006 left open): a procedure
 * that takes image keys accepts only the caller's own uploads, plus keys the edited item already
 * had. Without it a member could attach another member's fresh upload by its key, and by deleting
 * their own item afterwards remove the other member's file.
 *
 * Files attached before this migration are recorded as uploaded by whoever holds them now, so
 * editing an old listing keeps working; a key attached to two owners' rows (possible before)
 * goes to the first one found, which only matters if the other tries to attach it anew.
 */
const STATEMENTS = [
  `CREATE TABLE uploads (
     key text PRIMARY KEY,
     uploader_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
     created_at timestamptz NOT NULL DEFAULT now()
   )`,
  `CREATE INDEX uploads_uploader_idx ON uploads (uploader_id, created_at DESC)`,
  `INSERT INTO uploads (key, uploader_id)
     SELECT key, owner FROM (
       SELECT unnest(images) AS key, seller_id AS owner FROM listings
       UNION ALL SELECT unnest(images), user_id FROM buying_requests
       UNION ALL SELECT unnest(images), reviewer_id FROM reviews
       UNION ALL SELECT unnest(evidence_images), reporter_id FROM complaints
       UNION ALL SELECT unnest(payment_proof), user_id FROM usdt_recharge_requests
       UNION ALL SELECT avatar_key, user_id FROM profiles WHERE avatar_key IS NOT NULL
     ) AS attached
   ON CONFLICT (key) DO NOTHING`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore from a backup instead');
}
