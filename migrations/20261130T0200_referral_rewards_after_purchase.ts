import { sql, type Kysely } from 'kysely';

/**
 * Invitation rewards after a real purchase (ADR 0045).
 *
 * - `invitations.reward_capped_at`: the invitee's first qualifying purchase came when the inviter
 *   had already been rewarded for the month's cap of invitations (rule P-18); the invitation
 *   stays accepted and is never paid. An invitation is rewarded or capped, never both.
 * - `invitations_rewarded_month_idx`: the cap counts an inviter's rewards in one month.
 * - `users.sign_up_address_block`: the /24 (IPv4) or /48 (IPv6) block a sign-up came from, never
 *   the address itself, for the admin's farming signals (rule AD-25). Accounts made before this
 *   migration have none.
 * - `ledger_transfers_invitation_reward_once_idx`: each side of an invitation is paid at most once
 *   whatever path tried it; the guarded UPDATE of `invitations.rewarded_at` is the real guard.
 *
 * Invitations rewarded before this migration keep their `rewarded_at`; accepted ones not yet
 * rewarded (their invitee has not verified) now wait for a first purchase instead.
 */
const STATEMENTS = [
  `ALTER TABLE invitations ADD COLUMN reward_capped_at timestamptz`,
  `ALTER TABLE invitations ADD CONSTRAINT invitations_rewarded_or_capped
     CHECK (rewarded_at IS NULL OR reward_capped_at IS NULL)`,
  `CREATE INDEX invitations_rewarded_month_idx ON invitations (inviter_id, rewarded_at) WHERE rewarded_at IS NOT NULL`,

  `ALTER TABLE users ADD COLUMN sign_up_address_block text`,

  `CREATE UNIQUE INDEX ledger_transfers_invitation_reward_once_idx ON ledger_transfers (reference_id, memo)
     WHERE kind = 'invitation_reward'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore from a backup instead');
}
