import { sql, type Kysely } from 'kysely';

/**
 * Nobody starts a deal with a banned member (ADR 0042). What they published stays as it was
 * (rule A-18) and out of the feed (rule F-2), but a banned seller cannot sign in to ship, so a
 * purchase would only hold the buyer's money in escrow until the unshipped order is cancelled
 * (rule O-9). curio_buy_listing (20261127T0200_buy_listing_in_one_statement.ts) is replaced with
 * the same body and one more condition: the stock is taken only while the seller has no active
 * ban, and when nothing was taken the read that explains why answers MEMBER_SUSPENDED after
 * CANNOT_BUY_OWN. A ban committed while the purchase ran is seen once the order is inserted: its
 * foreign key on the seller waits for the ban's lock on the seller's users row (ban-user.ts locks
 * it FOR UPDATE), and the check after it refuses. A key already used still returns its stored
 * response: a purchase made before the ban stays as it was.
 */
const STATEMENTS = [
  `CREATE OR REPLACE FUNCTION curio_buy_listing(
     p_buyer uuid, p_listing uuid, p_quantity integer, p_key text, p_request_hash text,
     p_now timestamptz, p_ship_deadline timestamptz
   ) RETURNS jsonb LANGUAGE plpgsql AS $$
   DECLARE
     v_prior record;
     v_taken record;
     v_taken_found boolean := false;
     v_current record;
     v_total bigint;
     v_order uuid;
     v_response jsonb;
   BEGIN
     INSERT INTO idempotency_keys (user_id, key, operation, request_hash, response)
     VALUES (p_buyer, p_key, 'orders.purchase', p_request_hash, 'null'::jsonb)
     ON CONFLICT (user_id, key) DO NOTHING;
     IF NOT FOUND THEN
       SELECT operation, request_hash, response INTO v_prior FROM idempotency_keys WHERE user_id = p_buyer AND key = p_key;
       IF NOT FOUND THEN
         RAISE EXCEPTION 'idempotency key conflicted but cannot be read';
       END IF;
       IF v_prior.operation <> 'orders.purchase' OR v_prior.request_hash <> p_request_hash THEN
         RAISE EXCEPTION USING ERRCODE = 'CU001', MESSAGE = 'IDEMPOTENCY_CONFLICT';
       END IF;
       RETURN jsonb_build_object('bought', v_prior.response, 'sellerId', NULL);
     END IF;

     -- a listing that changed between the UPDATE and the read that explains it is tried again
     FOR attempt IN 1..3 LOOP
       UPDATE listings SET
           quantity = quantity - p_quantity,
           status = CASE WHEN quantity - p_quantity = 0 THEN 'sold' ELSE status END,
           buyer_id = CASE WHEN quantity - p_quantity = 0 THEN p_buyer ELSE buyer_id END,
           sold_at = CASE WHEN quantity - p_quantity = 0 THEN p_now ELSE sold_at END,
           purchase_count = purchase_count + 1,
           updated_at = p_now
         WHERE id = p_listing AND status = 'available' AND review_status <> 'rejected'
           AND quantity >= p_quantity AND seller_id <> p_buyer
           AND NOT EXISTS (SELECT 1 FROM user_bans b WHERE b.user_id = listings.seller_id AND b.status = 'active')
         RETURNING seller_id, title, images[1] AS image_key, unit, price_cents INTO v_taken;
       IF FOUND THEN
         v_taken_found := true;
         EXIT;
       END IF;
       SELECT seller_id, status, review_status, quantity INTO v_current FROM listings WHERE id = p_listing;
       IF NOT FOUND OR (v_current.status = 'unavailable' AND v_current.seller_id <> p_buyer) THEN
         RAISE EXCEPTION USING ERRCODE = 'CU001', MESSAGE = 'LISTING_NOT_FOUND';
       END IF;
       IF v_current.seller_id = p_buyer THEN
         RAISE EXCEPTION USING ERRCODE = 'CU001', MESSAGE = 'CANNOT_BUY_OWN';
       END IF;
       IF EXISTS (SELECT 1 FROM user_bans b WHERE b.user_id = v_current.seller_id AND b.status = 'active') THEN
         RAISE EXCEPTION USING ERRCODE = 'CU001', MESSAGE = 'MEMBER_SUSPENDED';
       END IF;
       IF v_current.status <> 'available' OR v_current.review_status = 'rejected' THEN
         RAISE EXCEPTION USING ERRCODE = 'CU001', MESSAGE = 'LISTING_NOT_AVAILABLE';
       END IF;
       IF v_current.quantity < p_quantity THEN
         RAISE EXCEPTION USING ERRCODE = 'CU001', MESSAGE = 'OUT_OF_STOCK',
           DETAIL = json_build_object('available', v_current.quantity)::text;
       END IF;
     END LOOP;
     IF NOT v_taken_found THEN
       RAISE EXCEPTION USING ERRCODE = 'CU001', MESSAGE = 'LISTING_NOT_AVAILABLE';
     END IF;

     v_total := v_taken.price_cents * p_quantity;
     IF v_total > 9007199254740991 THEN
       RAISE EXCEPTION 'order total exceeds the safe integer range';
     END IF;

     -- the orders trigger's admin-totals-changed would make this a notifying transaction, and
     -- PostgreSQL lets such transactions commit one at a time; the server announces it after commit
     PERFORM set_config('curio.totals_announced_after_commit', 'on', true);
     INSERT INTO orders (listing_id, buying_request_id, offer_id, buyer_id, seller_id, title, image_key, unit,
                         unit_price_cents, quantity, total_cents, status, paid_at, ship_deadline_at, created_at, updated_at)
     VALUES (p_listing, NULL, NULL, p_buyer, v_taken.seller_id, v_taken.title, v_taken.image_key, v_taken.unit,
             v_taken.price_cents, p_quantity, v_total, 'paid', p_now, p_ship_deadline, p_now, p_now)
     RETURNING id INTO v_order;
     PERFORM set_config('curio.totals_announced_after_commit', 'off', true);
     -- a ban being made while the stock was taken: the order's foreign key on the seller waited for
     -- the ban's lock on the users row, so this statement sees it; the refusal rolls everything back
     IF EXISTS (SELECT 1 FROM user_bans b WHERE b.user_id = v_taken.seller_id AND b.status = 'active') THEN
       RAISE EXCEPTION USING ERRCODE = 'CU001', MESSAGE = 'MEMBER_SUSPENDED';
     END IF;

     PERFORM curio_transfer_to_system('usdn', p_buyer, 'escrow', v_total, 'purchase_escrow', 'order', v_order::text, p_buyer);

     -- amount as formatCents writes it: 1234567 -> 12,345.67
     INSERT INTO notifications (user_id, type, params, link)
     VALUES (v_taken.seller_id, 'order_paid',
             jsonb_build_object('title', v_taken.title, 'quantity', p_quantity,
                                'amount', to_char(v_total / 100, 'FM9,999,999,999,999,999,990') || '.' || lpad((v_total % 100)::text, 2, '0')),
             '/orders/' || v_order);

     v_response := jsonb_build_object('orderId', v_order, 'totalCents', v_total, 'affectedUserIds', jsonb_build_array(p_buyer));
     UPDATE idempotency_keys SET response = v_response WHERE user_id = p_buyer AND key = p_key;
     RETURN jsonb_build_object('bought', v_response, 'sellerId', v_taken.seller_id);
   END
   $$`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore from a backup instead');
}
