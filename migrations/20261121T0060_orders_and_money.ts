import { sql, type Kysely } from 'kysely';

/**
 * Orders and money (docs/requirements/orders.md, wallet.md, points.md): orders with escrow,
 * refunds, reviews, comments, tips, recharge codes, USDT top-up requests, USDN withdrawals,
 * transfers, points redemption, daily check-ins and notifications. Money itself stays in the
 * ledger (engineering rule E-4): these tables record the business facts, the ledger_transfers
 * rows that reference them (reference_type/_id) carry the amounts. escrow_transactions is a view
 * over orders, not a second truth.
 */
const DDL = `
  CREATE TABLE orders (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    -- a purchase of a listing, or a deal on a buying request (then offer_id is set)
    listing_id uuid REFERENCES listings (id) ON DELETE SET NULL,
    buying_request_id uuid REFERENCES buying_requests (id) ON DELETE SET NULL,
    offer_id uuid REFERENCES buying_offers (id) ON DELETE SET NULL,
    buyer_id uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
    seller_id uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
    -- what was bought, as it was at the time: the listing may be edited or deleted later
    title text NOT NULL,
    image_key text,
    unit text,
    unit_price_cents bigint NOT NULL CHECK (unit_price_cents > 0),
    quantity integer NOT NULL CHECK (quantity >= 1),
    total_cents bigint NOT NULL CHECK (total_cents > 0),
    status text NOT NULL CHECK (status IN ('pending','paid','shipped','completed','refunding','refunded','cancelled')),
    -- the status a refund request interrupted, restored when the refund is rejected
    status_before_refund text CHECK (status_before_refund IN ('paid','shipped')),
    delivery_info text,
    paid_at timestamptz,
    shipped_at timestamptz,
    completed_at timestamptz,
    cancelled_at timestamptz,
    refunded_at timestamptz,
    -- shipped orders complete themselves at auto_complete_at; paid orders not shipped by
    -- ship_deadline_at are cancelled and refunded (ADR 0013)
    auto_complete_at timestamptz,
    ship_deadline_at timestamptz,
    completed_by text CHECK (completed_by IN ('buyer','auto')),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT orders_buyer_not_seller CHECK (buyer_id <> seller_id),
    CONSTRAINT orders_total_matches CHECK (total_cents = unit_price_cents * quantity)
  );
  CREATE INDEX orders_buyer_idx ON orders (buyer_id, created_at DESC, id DESC);
  CREATE INDEX orders_seller_idx ON orders (seller_id, created_at DESC, id DESC);
  CREATE INDEX orders_listing_idx ON orders (listing_id) WHERE listing_id IS NOT NULL;
  -- one order per accepted offer
  CREATE UNIQUE INDEX orders_offer_key ON orders (offer_id) WHERE offer_id IS NOT NULL;
  -- the sweeper's two queues
  CREATE INDEX orders_auto_complete_idx ON orders (auto_complete_at) WHERE status = 'shipped';
  CREATE INDEX orders_ship_deadline_idx ON orders (ship_deadline_at) WHERE status = 'paid';

  -- spec escrow_transactions, derived from the order it protects
  CREATE VIEW escrow_transactions AS
  SELECT o.id, o.buyer_id, o.seller_id, o.listing_id, o.id AS order_id,
         0::bigint AS points_amount, o.total_cents AS deposit_cents, 'direct'::text AS escrow_type,
         CASE
           WHEN o.status IN ('paid','shipped','refunding') THEN 'in_progress'
           WHEN o.status = 'pending' THEN 'pending'
           WHEN o.status = 'completed' THEN 'completed'
           ELSE 'refunded'
         END AS status,
         o.paid_at AS confirmed_at,
         COALESCE(o.completed_at, o.refunded_at, o.cancelled_at) AS resolved_at
    FROM orders o;

  CREATE TABLE refunds (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    requester_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    reason text NOT NULL CHECK (length(trim(reason)) > 0),
    amount_cents bigint NOT NULL CHECK (amount_cents > 0),
    status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','approved','rejected')),
    admin_notes text,
    processed_by uuid REFERENCES users (id) ON DELETE SET NULL,
    processed_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  -- one open refund per order
  CREATE UNIQUE INDEX refunds_one_pending ON refunds (order_id) WHERE status = 'pending';
  CREATE INDEX refunds_status_idx ON refunds (status, created_at DESC);

  ALTER TABLE complaints ADD CONSTRAINT complaints_order_fk FOREIGN KEY (order_id) REFERENCES orders (id) ON DELETE CASCADE;
  CREATE INDEX complaints_order_idx ON complaints (order_id) WHERE order_id IS NOT NULL;

  CREATE TABLE reviews (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    listing_id uuid REFERENCES listings (id) ON DELETE SET NULL,
    reviewer_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    reviewee_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    rating integer NOT NULL CHECK (rating BETWEEN 1 AND 5),
    content text NOT NULL CHECK (length(trim(content)) BETWEEN 1 AND 500),
    images text[] NOT NULL DEFAULT '{}' CHECK (cardinality(images) <= 3),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  );
  -- rule S-18: one review per order by its reviewer
  CREATE UNIQUE INDEX reviews_order_reviewer_key ON reviews (order_id, reviewer_id);
  CREATE INDEX reviews_listing_idx ON reviews (listing_id, created_at DESC) WHERE listing_id IS NOT NULL;
  CREATE INDEX reviews_reviewee_idx ON reviews (reviewee_id, created_at DESC);

  CREATE TABLE listing_comments (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    listing_id uuid NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- one reply level: a reply's parent is a top-level comment (enforced by the service)
    parent_comment_id uuid REFERENCES listing_comments (id) ON DELETE CASCADE,
    content text NOT NULL CHECK (length(trim(content)) BETWEEN 1 AND 1000),
    likes_count integer NOT NULL DEFAULT 0 CHECK (likes_count >= 0),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX listing_comments_listing_idx ON listing_comments (listing_id, created_at DESC, id DESC);
  CREATE INDEX listing_comments_parent_idx ON listing_comments (parent_comment_id, created_at) WHERE parent_comment_id IS NOT NULL;

  CREATE TABLE comment_likes (
    comment_id uuid NOT NULL REFERENCES listing_comments (id) ON DELETE CASCADE,
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (comment_id, user_id)
  );

  CREATE TABLE tips (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    from_user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    to_user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- 'usdn': amount in cents; 'points': whole points
    currency text NOT NULL CHECK (currency IN ('usdn','points')),
    amount bigint NOT NULL CHECK (amount > 0),
    message text CHECK (message IS NULL OR length(message) <= 200),
    created_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX tips_order_idx ON tips (order_id, created_at DESC);
  CREATE INDEX tips_to_user_idx ON tips (to_user_id, created_at DESC);

  CREATE TABLE recharge_codes (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    -- 16 characters without dashes, upper case; shown grouped as XXXX-XXXX-XXXX-XXXX
    code text NOT NULL CHECK (code ~ '^[A-Z0-9]{16}$'),
    value_cents bigint NOT NULL CHECK (value_cents > 0),
    batch_name text,
    status text NOT NULL DEFAULT 'active' CHECK (status IN ('active','used','disabled')),
    expires_at timestamptz,
    created_by uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    used_by uuid REFERENCES users (id) ON DELETE SET NULL,
    used_at timestamptz
  );
  CREATE UNIQUE INDEX recharge_codes_code_key ON recharge_codes (code);
  CREATE INDEX recharge_codes_created_idx ON recharge_codes (created_at DESC);

  CREATE TABLE recharge_code_redemptions (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    -- a code is redeemed once, whatever races
    code_id uuid NOT NULL UNIQUE REFERENCES recharge_codes (id) ON DELETE RESTRICT,
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    usdn_received_cents bigint NOT NULL CHECK (usdn_received_cents > 0),
    redeemed_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX recharge_code_redemptions_user_idx ON recharge_code_redemptions (user_id, redeemed_at DESC);

  CREATE TABLE usdt_recharge_requests (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- USDT in cents (the form steps by 0.01)
    usdt_amount_cents bigint NOT NULL CHECK (usdt_amount_cents > 0),
    status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','reviewing','approved','completed','rejected')),
    transaction_hash text,
    payment_proof text[] NOT NULL DEFAULT '{}' CHECK (cardinality(payment_proof) <= 5),
    -- what the approval credited (whole USDN of amount x rate, rule W-7), set on approval
    credited_cents bigint CHECK (credited_cents >= 0),
    admin_notes text,
    rejection_reason text,
    reviewed_by uuid REFERENCES users (id) ON DELETE SET NULL,
    reviewed_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT usdt_recharge_hash_or_proof CHECK (transaction_hash IS NOT NULL OR cardinality(payment_proof) > 0)
  );
  CREATE INDEX usdt_recharge_requests_user_idx ON usdt_recharge_requests (user_id, created_at DESC);
  CREATE INDEX usdt_recharge_requests_status_idx ON usdt_recharge_requests (status, created_at DESC);

  CREATE TABLE usdn_withdrawal_requests (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- the amount held from the balance (fee included), the fee, and what is paid out in USDT
    usdn_amount_cents bigint NOT NULL CHECK (usdn_amount_cents > 0),
    fee_cents bigint NOT NULL CHECK (fee_cents >= 0),
    usdt_amount_cents bigint NOT NULL CHECK (usdt_amount_cents >= 0),
    network text NOT NULL DEFAULT 'solana' CHECK (network = 'solana'),
    withdrawal_address text NOT NULL,
    status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','approved','completed','rejected')),
    transaction_hash text,
    rejection_reason text,
    processed_by uuid REFERENCES users (id) ON DELETE SET NULL,
    processed_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX usdn_withdrawal_requests_user_idx ON usdn_withdrawal_requests (user_id, created_at DESC);
  CREATE INDEX usdn_withdrawal_requests_status_idx ON usdn_withdrawal_requests (status, created_at DESC);

  CREATE TABLE usdn_transfers (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    from_user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    to_user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    to_user_email text NOT NULL,
    amount_cents bigint NOT NULL CHECK (amount_cents > 0),
    notes text CHECK (notes IS NULL OR length(notes) <= 200),
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT usdn_transfers_not_self CHECK (from_user_id <> to_user_id)
  );
  CREATE INDEX usdn_transfers_from_idx ON usdn_transfers (from_user_id, created_at DESC);
  CREATE INDEX usdn_transfers_to_idx ON usdn_transfers (to_user_id, created_at DESC);

  -- spec withdrawal_requests (the older points redemption)
  CREATE TABLE points_withdrawal_requests (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    points_amount bigint NOT NULL CHECK (points_amount >= 1000),
    fee_points bigint NOT NULL CHECK (fee_points >= 0),
    -- 100 points = 1 unit of cash; stored in cents of that unit
    cash_amount_cents bigint NOT NULL CHECK (cash_amount_cents >= 0),
    withdrawal_method text NOT NULL CHECK (withdrawal_method IN ('wechat','alipay')),
    account_info text NOT NULL CHECK (length(trim(account_info)) > 0),
    status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','approved','rejected','completed')),
    admin_notes text,
    processed_by uuid REFERENCES users (id) ON DELETE SET NULL,
    processed_at timestamptz,
    completed_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX points_withdrawal_requests_user_idx ON points_withdrawal_requests (user_id, created_at DESC);
  CREATE INDEX points_withdrawal_requests_status_idx ON points_withdrawal_requests (status, created_at DESC);

  -- daily check-in: one row per member and local calendar day (ADR 0016)
  CREATE TABLE check_ins (
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    local_date date NOT NULL,
    time_zone text NOT NULL,
    streak integer NOT NULL CHECK (streak >= 1),
    points integer NOT NULL CHECK (points >= 1),
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, local_date)
  );

  ALTER TABLE profiles ADD COLUMN time_zone text;

  CREATE TABLE notifications (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- an i18n key suffix on the client (notifications:types.<type>) with params to fill it
    type text NOT NULL,
    params jsonb NOT NULL DEFAULT '{}'::jsonb,
    link text,
    is_read boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC, id DESC);
  CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE NOT is_read;

  CREATE INDEX invitations_inviter_idx ON invitations (inviter_id, created_at DESC);
  CREATE INDEX invitations_pending_expiry_idx ON invitations (expires_at) WHERE status = 'pending' AND expires_at IS NOT NULL;
  CREATE INDEX buying_requests_expiry_idx ON buying_requests (expires_at) WHERE status IN ('open','offer_limit_reached','in_negotiation') AND expires_at IS NOT NULL;
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
