import { sql, type Kysely } from 'kysely';

/**
 * Messaging (rules C-1 to C-10; the violation records of rules C-5 and AD-15): message context
 * (order, listing), a per-message delivery sequence for the live stream, client ids that make
 * a retried send land once, blocks, and the violation records the admin reviews.
 */
const DDL = `
  ALTER TABLE messages ADD COLUMN order_id uuid REFERENCES orders (id) ON DELETE SET NULL;
  ALTER TABLE messages ADD COLUMN listing_id uuid REFERENCES listings (id) ON DELETE SET NULL;
  -- the sender's id for this message: a retried send with the same id is stored once
  ALTER TABLE messages ADD COLUMN client_id text;
  -- delivery order for the live stream: assigned while the sender and receiver are locked
  -- (ADR 0017), so for either party a higher seq always commits after a lower one
  ALTER TABLE messages ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY;
  ALTER TABLE messages ADD COLUMN has_violation boolean NOT NULL DEFAULT false;
  CREATE UNIQUE INDEX messages_client_id_key ON messages (sender_id, client_id) WHERE client_id IS NOT NULL;
  CREATE INDEX messages_receiver_seq_idx ON messages (receiver_id, seq);
  CREATE INDEX messages_sender_seq_idx ON messages (sender_id, seq);

  -- one row per member and counterparty, pointing at their latest message: the conversation list
  CREATE TABLE conversations (
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    peer_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    last_message_id uuid NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
    last_message_at timestamptz NOT NULL,
    -- the order the conversation was last about, for the context card
    order_id uuid REFERENCES orders (id) ON DELETE SET NULL,
    PRIMARY KEY (user_id, peer_id),
    CONSTRAINT conversations_not_self CHECK (user_id <> peer_id)
  );
  CREATE INDEX conversations_recent_idx ON conversations (user_id, last_message_at DESC);

  CREATE TABLE user_blocks (
    blocker_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    blocked_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    reason text CHECK (reason IS NULL OR length(reason) <= 200),
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (blocker_id, blocked_id),
    CONSTRAINT user_blocks_not_self CHECK (blocker_id <> blocked_id)
  );
  CREATE INDEX user_blocks_blocked_idx ON user_blocks (blocked_id);

  CREATE TABLE message_violations (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    message_id uuid REFERENCES messages (id) ON DELETE SET NULL,
    sender_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    receiver_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- the first detected kind; every kind found is in detected_types
    violation_type text NOT NULL CHECK (violation_type IN ('phone','wechat','qq','email','url','alipay','bank_card')),
    detected_types text[] NOT NULL,
    -- only this record keeps what the sender typed; the message stores the masked text
    original_content text NOT NULL,
    detected_patterns text[] NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    reviewed_by uuid REFERENCES users (id) ON DELETE SET NULL,
    reviewed_at timestamptz,
    action_taken text CHECK (action_taken IN ('reviewed','warning','banned')),
    notes text
  );
  CREATE INDEX message_violations_created_idx ON message_violations (created_at DESC);
  CREATE INDEX message_violations_unreviewed_idx ON message_violations (created_at DESC) WHERE reviewed_at IS NULL;
  CREATE INDEX message_violations_sender_idx ON message_violations (sender_id, created_at DESC);
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // one statement per query: prepared statements (pg and PGlite) take a single command
  for (const statement of DDL.split(/;\s*\n/)) {
    if (statement.trim()) await sql.raw(statement).execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore from a backup instead');
}
