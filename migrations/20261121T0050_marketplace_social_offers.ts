import { sql, type Kysely } from 'kysely';

/**
 * Marketplace: social records (likes, favourites, follows), view records, activities,
 * buying offers and their negotiation rounds, complaints (reports with or without an order),
 * and the buying-request status set of the full offer flow. Frozen once landed.
 */
const DDL = `
  CREATE TABLE listing_likes (
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    listing_id uuid NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, listing_id)
  );
  CREATE INDEX listing_likes_listing_idx ON listing_likes (listing_id);

  CREATE TABLE user_favorites (
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    listing_id uuid NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, listing_id)
  );
  CREATE INDEX user_favorites_listing_idx ON user_favorites (listing_id);

  CREATE TABLE buying_request_likes (
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    request_id uuid NOT NULL REFERENCES buying_requests (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, request_id)
  );
  CREATE INDEX buying_request_likes_request_idx ON buying_request_likes (request_id);

  CREATE TABLE buying_request_favorites (
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    request_id uuid NOT NULL REFERENCES buying_requests (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, request_id)
  );
  CREATE INDEX buying_request_favorites_request_idx ON buying_request_favorites (request_id);

  CREATE TABLE user_follows (
    follower_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    following_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (follower_id, following_id),
    CONSTRAINT user_follows_not_self CHECK (follower_id <> following_id)
  );
  CREATE INDEX user_follows_following_idx ON user_follows (following_id);

  -- viewer_key is the member id, or a per-browser-session id for visitors: one view per viewer
  CREATE TABLE listing_views (
    listing_id uuid NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
    viewer_key text NOT NULL,
    viewer_id uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (listing_id, viewer_key)
  );

  CREATE TABLE buying_request_views (
    request_id uuid NOT NULL REFERENCES buying_requests (id) ON DELETE CASCADE,
    viewer_key text NOT NULL,
    viewer_id uuid REFERENCES users (id) ON DELETE SET NULL,
    user_agent text,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (request_id, viewer_key)
  );

  CREATE TABLE user_activities (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    activity_type text NOT NULL CHECK (activity_type IN ('publish_listing','publish_buying_request','order_complete','like_listing','like_buying_request','favorite_listing','favorite_buying_request','review')),
    related_id uuid,
    activity_data jsonb NOT NULL DEFAULT '{}'::jsonb,
    is_visible boolean NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX user_activities_user_idx ON user_activities (user_id, created_at DESC, id DESC);

  ALTER TABLE buying_requests DROP CONSTRAINT buying_requests_status_check;
  ALTER TABLE buying_requests ADD CONSTRAINT buying_requests_status_check
    CHECK (status IN ('open','offer_limit_reached','in_negotiation','deal_made','closed','expired','completed'));

  CREATE TABLE buying_offers (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    request_id uuid NOT NULL REFERENCES buying_requests (id) ON DELETE CASCADE,
    seller_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    price_cents bigint NOT NULL CHECK (price_cents > 0),
    original_price_cents bigint NOT NULL CHECK (original_price_cents > 0),
    current_price_cents bigint NOT NULL CHECK (current_price_cents > 0),
    message text,
    negotiation_round integer NOT NULL DEFAULT 0 CHECK (negotiation_round >= 0),
    status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','negotiating','accepted','rejected','withdrawn','expired','completed')),
    counter_offer_by uuid REFERENCES users (id) ON DELETE SET NULL,
    accepted_at timestamptz,
    responded_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  );
  -- rule B-10: a seller with an active (pending or negotiating) offer on a request cannot offer again
  CREATE UNIQUE INDEX buying_offers_one_active_per_seller ON buying_offers (request_id, seller_id)
    WHERE status IN ('pending','negotiating');
  CREATE INDEX buying_offers_request_idx ON buying_offers (request_id, created_at);
  CREATE INDEX buying_offers_seller_idx ON buying_offers (seller_id, created_at DESC);

  CREATE TABLE offer_negotiations (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    offer_id uuid NOT NULL REFERENCES buying_offers (id) ON DELETE CASCADE,
    round integer NOT NULL CHECK (round >= 1),
    proposer_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    proposed_price_cents bigint NOT NULL CHECK (proposed_price_cents > 0),
    message text,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (offer_id, round)
  );

  -- reports of listings and buying requests (no order) and, later, order complaints
  CREATE TABLE complaints (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    reporter_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    order_id uuid,
    listing_id uuid REFERENCES listings (id) ON DELETE SET NULL,
    buying_request_id uuid REFERENCES buying_requests (id) ON DELETE SET NULL,
    target_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
    type text NOT NULL,
    reason text NOT NULL CHECK (length(trim(reason)) > 0),
    evidence_images text[] NOT NULL DEFAULT '{}' CHECK (cardinality(evidence_images) <= 5),
    status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','resolved')),
    admin_response text,
    resolved_by uuid REFERENCES users (id) ON DELETE SET NULL,
    resolved_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX complaints_status_idx ON complaints (status, created_at DESC);
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of DDL.split(/;\s*\n/)) {
    if (statement.trim()) await sql.raw(statement).execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore from a backup instead');
}
