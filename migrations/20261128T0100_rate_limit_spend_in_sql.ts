import { sql, type Kysely } from 'kysely';

/**
 * The fixed-window spend of server/src/rate-limits/rate-limiter.ts as one SQL function, so a
 * database function can spend a budget in the same statement as the work it limits (ADR 0041):
 * a chat send spends the sender's budget inside chat_send_limited instead of in a round trip of
 * its own before it. The server's own spends call the same function, so the window rule has one
 * home.
 *
 * curio_spend_rate_limit adds p_points to the key's window (a new one when the last has ended) and
 * answers the seconds to wait when the window now holds more than p_budget, else NULL.
 *
 * chat_send_limited spends one point of the sender's chat budget, then runs chat_send
 * (20261127T0100_chat_send_function.ts) unless the budget was already spent. The spend is made
 * whatever chat_send answers, as it was when the spend was its own statement: a refused send
 * costs a point too. chat_send answers refusals as rows rather than errors, so the spend commits.
 */
const STATEMENTS = [
  `CREATE FUNCTION curio_spend_rate_limit(p_key text, p_points integer, p_budget integer, p_window_seconds integer, p_now timestamptz)
   RETURNS integer
   LANGUAGE sql VOLATILE AS $$
     WITH spent AS (
       INSERT INTO rate_limit_counters AS c (key, points, window_ends_at)
       VALUES (p_key, p_points, p_now + make_interval(secs => p_window_seconds))
       ON CONFLICT (key) DO UPDATE SET
         points = CASE WHEN c.window_ends_at <= p_now THEN EXCLUDED.points ELSE c.points + EXCLUDED.points END,
         window_ends_at = CASE WHEN c.window_ends_at <= p_now THEN EXCLUDED.window_ends_at ELSE c.window_ends_at END
       RETURNING points, window_ends_at
     )
     SELECT CASE WHEN spent.points > p_budget
       THEN greatest(1, ceil(extract(epoch FROM spent.window_ends_at - p_now)))::integer END
     FROM spent
   $$`,

  `CREATE FUNCTION chat_send_limited(
     p_rate_key text,
     p_rate_budget integer,
     p_rate_window_seconds integer,
     p_sender uuid,
     p_peer uuid,
     p_client_id text,
     p_content text,
     p_order_id uuid,
     p_listing_id uuid,
     p_created_at timestamptz,
     p_violation jsonb,
     p_sent_at bigint,
     p_notify boolean
   ) RETURNS TABLE (outcome text, message jsonb, payloads text[], wait_seconds integer)
   LANGUAGE plpgsql VOLATILE AS $$
   BEGIN
     wait_seconds := curio_spend_rate_limit(p_rate_key, 1, p_rate_budget, p_rate_window_seconds, p_created_at);
     IF wait_seconds IS NOT NULL THEN
       outcome := 'RATE_LIMITED'; RETURN NEXT; RETURN;
     END IF;
     RETURN QUERY SELECT s.outcome, s.message, s.payloads, NULL::integer
       FROM chat_send(p_sender, p_peer, p_client_id, p_content, p_order_id, p_listing_id, p_created_at,
         p_violation, p_sent_at, p_notify) AS s;
   END
   $$`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore from a backup instead');
}
