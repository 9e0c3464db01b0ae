import { sql, type Kysely } from 'kysely';

/**
 * Verified e-mail and shared rate limits (ADR 0025).
 *
 * - `users.email_verified_at`: a sign-up proves its mailbox before invitation rewards are paid
 *   or money can leave the account. Accounts that exist before this migration were made under
 *   the old rules and keep working: they count as verified from their creation.
 * - `email_verification_tokens`: like reset tokens, stored as a SHA-256 hash, single use.
 * - `invitations.rewarded_at`: an invitation is accepted at sign-up but rewarded at
 *   verification, once; invitations accepted before this migration were rewarded at once.
 * - `rate_limit_counters`: fixed-window counters every server process shares. UNLOGGED: losing
 *   them in a crash only resets some windows early, and it spares the WAL a write per attempt.
 */
const STATEMENTS = [
  `ALTER TABLE users ADD COLUMN email_verified_at timestamptz`,
  `UPDATE users SET email_verified_at = created_at`,

  `CREATE TABLE email_verification_tokens (
     id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
     user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
     token_hash text NOT NULL UNIQUE,
     created_at timestamptz NOT NULL DEFAULT now(),
     expires_at timestamptz NOT NULL,
     used_at timestamptz
   )`,
  `CREATE INDEX email_verification_tokens_user_idx ON email_verification_tokens (user_id)`,

  `ALTER TABLE invitations ADD COLUMN rewarded_at timestamptz`,
  `UPDATE invitations SET rewarded_at = accepted_at WHERE status = 'accepted'`,

  `CREATE UNLOGGED TABLE rate_limit_counters (
     key text PRIMARY KEY,
     points integer NOT NULL CHECK (points > 0),
     window_ends_at timestamptz NOT NULL
   )`,
  `CREATE INDEX rate_limit_counters_window_idx ON rate_limit_counters (window_ends_at)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore from a backup instead');
}
