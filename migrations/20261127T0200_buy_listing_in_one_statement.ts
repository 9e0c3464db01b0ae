import { sql, type Kysely } from 'kysely';

/**
 * A purchase of a listing as one database function (ADR 0038), so buying takes one round trip
 * instead of a transaction of a dozen statements each waiting on the server process.
 *
 * `curio_buy_listing` does, in this order and in the caller's statement (all or nothing), what
 * buyListing did through withIdempotency, purchaseListing, createPaidOrder, transfer and notify:
 *
 * - claims the (member, idempotency key) row first; a key already used returns its stored
 *   response, or refuses IDEMPOTENCY_CONFLICT for another operation or other parameters; a
 *   concurrent duplicate waits on the key's primary key until this statement ends
 *   (engineering rule E-4);
 * - takes the stock with one conditional UPDATE (rules O-1 and O-2, engineering rule E-6): only
 *   while the listing is available, not rejected, not the buyer's own and has enough left; when
 *   it matches nothing, a read of the listing says why, in the order the checks always had:
 *   LISTING_NOT_FOUND (a taken-down listing is not found but by its owner), CANNOT_BUY_OWN,
 *   LISTING_NOT_AVAILABLE, OUT_OF_STOCK {available};
 * - locks the buyer's available USDN account and refuses INSUFFICIENT_BALANCE when it is short
 *   (nothing is kept: the refusal aborts the statement, stock change included);
 * - writes the order as paid (ADR 0013) with the listing's title, first image, unit and price
 *   as the UPDATE locked them, moves its total from the buyer to the escrow system account,
 *   whose row is resolved but never locked or written (ADR 0022), and records the seller's
 *   order_paid notification;
 * - stores the response for the key and returns { bought: that response, sellerId } (sellerId
 *   null when the key was already used: nothing happened this time).
 *
 * It sends no NOTIFY. PostgreSQL makes transactions that NOTIFY commit one at a time (a lock
 * held through the commit's disk flush), which capped purchases far below the database's commit
 * rate; the server rings the seller's bell, the buyer's balances and the admin dashboard's totals
 * right after the statement instead (ADR 0038). For the last of these the orders trigger of
 * 20261126T0160_admin_dashboard_events.ts is told to stay quiet for this one INSERT, through a
 * transaction-local setting that every other writer leaves unset.
 *
 * The money moves through `curio_transfer_to_system`, the ledger's transfer() for the one case
 * of a member paying a system account, written in SQL: the member's available account locked
 * and checked (INSUFFICIENT_BALANCE before anything is kept), its cached balance moved, the
 * system account resolved but never locked or written (ADR 0022), one immutable transfer row
 * (engineering rule E-4). It is the SQL twin of transfer() in server/src/domain/ledger/transfer.ts,
 * whose comment points here: a change to what a transfer writes changes both.
 *
 * Refusals are raised with SQLSTATE CU001, the refusal's code as the message and its
 * parameters as JSON in the detail (server/src/domain/database-refusal.ts turns them back
 * into DomainErrors). The buyer's balances-changed event is published by the server after
 * the statement, on the event bus, as for every money command.
 */
const STATEMENTS = [
  `CREATE OR REPLACE FUNCTION notify_admin_totals_changed() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     -- a writer that announces the change itself once it committed says so for its statement (ADR 0038)
     IF current_setting('curio.totals_announced_after_commit', true) = 'on' THEN
       RETURN NULL;
     END IF;
     PERFORM pg_notify('curio_events', '{"type":"admin-totals-changed","userId":"00000000-0000-0000-0000-000000000000"}');
     RETURN NULL;
   END
   $$`,
  `CREATE FUNCTION curio_transfer_to_system(
     p_currency text, p_user uuid, p_system text, p_amount bigint, p_kind text,
     p_reference_type text, p_reference_id text, p_created_by uuid
   ) RETURNS bigint LANGUAGE plpgsql AS $$
   DECLARE
     v_account bigint;
     v_balance bigint;
     v_system bigint;
     v_transfer bigint;
   BEGIN
     IF p_amount IS NULL OR p_amount <= 0 THEN
       RAISE EXCEPTION USING ERRCODE = 'CU001', MESSAGE = 'INVALID_AMOUNT';
     END IF;
     -- the member's cached balance is the overspending guard: locked, checked, then moved
     SELECT id, balance INTO v_account, v_balance FROM ledger_accounts
      WHERE currency = p_currency AND kind = 'user_available' AND user_id = p_user
      FOR UPDATE;
     IF v_account IS NULL OR v_balance < p_amount THEN
       IF p_currency = 'usdn' THEN
         RAISE EXCEPTION USING ERRCODE = 'CU001', MESSAGE = 'INSUFFICIENT_BALANCE',
           DETAIL = json_build_object('neededCents', p_amount, 'availableCents', coalesce(v_balance, 0))::text;
       END IF;
       RAISE EXCEPTION USING ERRCODE = 'CU001', MESSAGE = 'INSUFFICIENT_POINTS',
         DETAIL = json_build_object('needed', p_amount, 'available', coalesce(v_balance, 0))::text;
     END IF;
     UPDATE ledger_accounts SET balance = balance - p_amount WHERE id = v_account;

     -- the system account is resolved (created on first use), never locked or written (ADR 0022)
     SELECT id INTO v_system FROM ledger_accounts WHERE currency = p_currency AND kind = p_system AND user_id IS NULL;
     IF v_system IS NULL THEN
       INSERT INTO ledger_accounts (currency, kind, user_id) VALUES (p_currency, p_system, NULL) ON CONFLICT DO NOTHING;
       SELECT id INTO v_system FROM ledger_accounts WHERE currency = p_currency AND kind = p_system AND user_id IS NULL;
     END IF;

     INSERT INTO ledger_transfers (currency, debit_account_id, credit_account_id, amount, kind, reference_type, reference_id, created_by)
     VALUES (p_currency, v_account, v_system, p_amount, p_kind, p_reference_type, p_reference_id, p_created_by)
     RETURNING id INTO v_transfer;
     RETURN v_transfer;
   END
   $$`,
  `CREATE FUNCTION curio_buy_listing(
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
