import { sql, type Kysely } from 'kysely';

/**
 * Trust, second pass (ADR 0044).
 *
 * - `api_tokens.scopes`: what a token may do (shared/src/rules/api-token-scopes.ts). Tokens made
 *   before scopes existed keep what they could do as a member's script (read, trade, wallet) but
 *   lose the admin console: an admin's old token was every admin power, forever.
 * - `api_tokens.expires_at`: a token may be made to end by itself; one with the admin scope must.
 * - `curio_give_back_rate_limit`: a sign-in spends a unit of its budgets before the password is
 *   verified, so parallel guesses cannot all pass a check made before any of them failed; a
 *   correct password gives the unit back. Counters keep `points > 0`, so the last unit given
 *   back removes the row.
 */
const STATEMENTS = [
  `ALTER TABLE api_tokens ADD COLUMN scopes text[] NOT NULL DEFAULT '{read,trade,wallet}'`,
  `ALTER TABLE api_tokens ALTER COLUMN scopes SET DEFAULT '{read,trade}'`,
  `ALTER TABLE api_tokens ADD COLUMN expires_at timestamptz`,
  `ALTER TABLE api_tokens ADD CONSTRAINT api_tokens_scopes_known
     CHECK (scopes <@ ARRAY['read', 'trade', 'wallet', 'admin']::text[] AND 'read' = ANY (scopes))`,
  `ALTER TABLE api_tokens ADD CONSTRAINT api_tokens_admin_scope_expires
     CHECK (NOT ('admin' = ANY (scopes)) OR expires_at IS NOT NULL)`,

  `CREATE OR REPLACE FUNCTION curio_give_back_rate_limit(p_key text, p_now timestamptz)
   RETURNS void
   LANGUAGE plpgsql VOLATILE AS $$
   BEGIN
     UPDATE rate_limit_counters SET points = points - 1 WHERE key = p_key AND window_ends_at > p_now AND points > 1;
     IF NOT FOUND THEN
       DELETE FROM rate_limit_counters WHERE key = p_key AND window_ends_at > p_now AND points = 1;
     END IF;
   END
   $$`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore from a backup instead');
}
