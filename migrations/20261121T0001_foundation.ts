import { sql, type Kysely } from 'kysely';

/**
 * Foundation schema: identity, sessions, roles and bans, profiles, settings, the ledger,
 * idempotency keys, mail outbox, the message table the unread badge reads, and the listing
 * and buying-request tables the demo seed fills. Frozen once landed: change it with a new file.
 */
const DDL = `
    CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL,
      password_hash text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT users_email_lowercase CHECK (email = lower(email))
    );
    CREATE UNIQUE INDEX users_email_key ON users (email);

    CREATE TABLE profiles (
      user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      nickname text NOT NULL,
      avatar_key text,
      credit_score integer NOT NULL DEFAULT 100 CHECK (credit_score BETWEEN 0 AND 100),
      attendance_rate double precision NOT NULL DEFAULT 1 CHECK (attendance_rate BETWEEN 0 AND 1),
      sold_count integer NOT NULL DEFAULT 0 CHECK (sold_count >= 0),
      preferred_currency text CHECK (preferred_currency IN ('CNY','USD','JPY','KRW','HKD','TWD')),
      preferred_language text CHECK (preferred_language IN ('zh-CN','zh-TW','en','ja','ko','es')),
      activity_privacy jsonb NOT NULL DEFAULT '{"publish_listing":true,"publish_buying_request":true,"order_complete":true,"review":true,"like_listing":false,"like_buying_request":false,"favorite_listing":false,"favorite_buying_request":false}'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_active_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE user_roles (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      role text NOT NULL CHECK (role IN ('admin')),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, role)
    );

    CREATE TABLE user_bans (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      banned_by uuid REFERENCES users (id) ON DELETE SET NULL,
      reason text NOT NULL CHECK (length(trim(reason)) > 0),
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active','lifted')),
      created_at timestamptz NOT NULL DEFAULT now(),
      unbanned_at timestamptz
    );
    -- at most one active ban per user, so "is banned" is one indexed lookup
    CREATE UNIQUE INDEX user_bans_one_active ON user_bans (user_id) WHERE status = 'active';

    CREATE TABLE sessions (
      id text PRIMARY KEY,               -- SHA-256 hex of the token; the token itself is never stored
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX sessions_user_id_idx ON sessions (user_id);

    CREATE TABLE api_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      name text NOT NULL,
      token_hash text NOT NULL UNIQUE,
      prefix text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      revoked_at timestamptz
    );
    CREATE INDEX api_tokens_user_id_idx ON api_tokens (user_id);

    CREATE TABLE password_reset_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );

    -- per-address cooldown; kept for unknown addresses too so the answer never reveals an account
    CREATE TABLE password_reset_requests (
      email text PRIMARY KEY,
      last_requested_at timestamptz NOT NULL
    );

    CREATE TABLE mail_outbox (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      to_address text NOT NULL,
      subject text NOT NULL,
      text_body text NOT NULL,
      transport text NOT NULL CHECK (transport IN ('smtp','log')),
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz,
      error text
    );
    CREATE INDEX mail_outbox_to_idx ON mail_outbox (to_address, created_at DESC);

    CREATE TABLE invitations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      inviter_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      invitation_code text NOT NULL,
      invitee_id uuid REFERENCES users (id) ON DELETE SET NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','accepted','expired')),
      created_at timestamptz NOT NULL DEFAULT now(),
      accepted_at timestamptz,
      expires_at timestamptz
    );
    CREATE UNIQUE INDEX invitations_code_key ON invitations (invitation_code);
    -- a member is invited once
    CREATE UNIQUE INDEX invitations_invitee_key ON invitations (invitee_id) WHERE invitee_id IS NOT NULL;

    CREATE TABLE system_settings (
      setting_key text PRIMARY KEY,
      setting_value text NOT NULL,      -- JSON-encoded; the settings of rules AD-26 and AD-27
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by uuid REFERENCES users (id) ON DELETE SET NULL
    );
    INSERT INTO system_settings (setting_key, setting_value) VALUES
      ('customer_service_enabled', 'true'),
      ('customer_service_admin_id', 'null'),
      ('usdt_solana_address', '""'),
      ('usdn_withdrawal_min', '10'),
      ('usdn_withdrawal_fee_percentage', '0.03'),
      ('usdn_to_usdt_rate', '1'),
      ('tip_usdn_amounts', '[1,2,5,10,20,100]'),
      ('tip_points_amounts', '[1,5,10,20,50,100]'),
      ('buying_offer_max_negotiation_rounds', '3'),
      ('usdt_min_recharge', '10'),
      ('usdt_recharge_rate', '1');

    CREATE TABLE ledger_accounts (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      currency text NOT NULL CHECK (currency IN ('usdn','points')),
      kind text NOT NULL CHECK (kind IN ('user_available','user_held','escrow','issuance','fees','withdrawals','rewards')),
      user_id uuid REFERENCES users (id) ON DELETE RESTRICT,
      balance bigint NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      -- user accounts belong to a user; system accounts to nobody
      CONSTRAINT ledger_accounts_owner CHECK ((kind IN ('user_available','user_held')) = (user_id IS NOT NULL)),
      -- engineering rule E-4: a user balance can never go below zero, whatever the code above does
      CONSTRAINT ledger_accounts_user_non_negative CHECK (user_id IS NULL OR balance >= 0)
    );
    CREATE UNIQUE INDEX ledger_accounts_identity ON ledger_accounts (currency, kind, user_id) NULLS NOT DISTINCT;

    CREATE TABLE ledger_transfers (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      currency text NOT NULL CHECK (currency IN ('usdn','points')),
      debit_account_id bigint NOT NULL REFERENCES ledger_accounts (id),
      credit_account_id bigint NOT NULL REFERENCES ledger_accounts (id),
      amount bigint NOT NULL CHECK (amount > 0),
      kind text NOT NULL,
      reference_type text,
      reference_id text,
      memo text,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT ledger_transfers_distinct_accounts CHECK (debit_account_id <> credit_account_id)
    );
    CREATE INDEX ledger_transfers_debit_idx ON ledger_transfers (debit_account_id, id);
    CREATE INDEX ledger_transfers_credit_idx ON ledger_transfers (credit_account_id, id);
    CREATE INDEX ledger_transfers_reference_idx ON ledger_transfers (reference_type, reference_id);

    CREATE TABLE idempotency_keys (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      key text NOT NULL,
      operation text NOT NULL,
      request_hash text NOT NULL,
      response jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, key)
    );

    CREATE TABLE messages (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      sender_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      receiver_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      content text NOT NULL CHECK (length(content) > 0),
      is_read boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX messages_unread_idx ON messages (receiver_id) WHERE NOT is_read;
    CREATE INDEX messages_pair_idx ON messages (sender_id, receiver_id, created_at DESC);

    CREATE TABLE listings (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      seller_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      title text NOT NULL CHECK (length(title) BETWEEN 1 AND 100),
      description text NOT NULL CHECK (length(description) BETWEEN 1 AND 5000),
      category text NOT NULL CHECK (category IN ('goods','service')),
      tags text[] NOT NULL DEFAULT '{}' CHECK (cardinality(tags) <= 5),
      images text[] NOT NULL DEFAULT '{}' CHECK (cardinality(images) <= 5),
      price_cents bigint NOT NULL CHECK (price_cents > 0),
      original_price_cents bigint CHECK (original_price_cents > 0),
      unit text NOT NULL CHECK (unit IN ('piece','item','unit','set','book','pair','box','bag','bottle','case','sheet','copy')),
      quantity integer NOT NULL CHECK (quantity >= 0),
      warranty_days integer NOT NULL DEFAULT 0 CHECK (warranty_days IN (0,7,15,30)),
      status text NOT NULL DEFAULT 'available' CHECK (status IN ('available','sold','unavailable')),
      review_status text NOT NULL DEFAULT 'pending' CHECK (review_status IN ('pending','reviewing','approved','rejected')),
      is_anonymous boolean NOT NULL DEFAULT false,
      view_count integer NOT NULL DEFAULT 0 CHECK (view_count >= 0),
      likes_count integer NOT NULL DEFAULT 0 CHECK (likes_count >= 0),
      favorites_count integer NOT NULL DEFAULT 0 CHECK (favorites_count >= 0),
      purchase_count integer NOT NULL DEFAULT 0 CHECK (purchase_count >= 0),
      buyer_id uuid REFERENCES users (id) ON DELETE SET NULL,
      sold_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX listings_seller_idx ON listings (seller_id, created_at DESC);
    CREATE INDEX listings_feed_latest_idx ON listings (created_at DESC, id DESC) WHERE status = 'available';

    CREATE TABLE buying_requests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      title text NOT NULL CHECK (length(title) BETWEEN 1 AND 100),
      description text NOT NULL CHECK (length(description) BETWEEN 1 AND 2000),
      category text CHECK (category IN ('goods','service')),
      tags text[] NOT NULL DEFAULT '{}' CHECK (cardinality(tags) <= 5),
      images text[] NOT NULL DEFAULT '{}' CHECK (cardinality(images) <= 5),
      budget_min_cents bigint CHECK (budget_min_cents >= 0),
      budget_max_cents bigint CHECK (budget_max_cents >= 0),
      max_offers_allowed integer NOT NULL DEFAULT 3 CHECK (max_offers_allowed >= 1),
      active_offers_count integer NOT NULL DEFAULT 0 CHECK (active_offers_count >= 0),
      offer_count integer NOT NULL DEFAULT 0 CHECK (offer_count >= 0),
      view_count integer NOT NULL DEFAULT 0 CHECK (view_count >= 0),
      likes_count integer NOT NULL DEFAULT 0 CHECK (likes_count >= 0),
      favorites_count integer NOT NULL DEFAULT 0 CHECK (favorites_count >= 0),
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open','in_negotiation','deal_made','closed','expired','completed')),
      selected_offer_id uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz,
      CONSTRAINT buying_requests_budget_order CHECK (budget_max_cents IS NULL OR budget_min_cents IS NULL OR budget_max_cents > budget_min_cents)
    );
    CREATE INDEX buying_requests_user_idx ON buying_requests (user_id, created_at DESC);
    CREATE INDEX buying_requests_feed_latest_idx ON buying_requests (created_at DESC, id DESC) WHERE status = 'open';
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
