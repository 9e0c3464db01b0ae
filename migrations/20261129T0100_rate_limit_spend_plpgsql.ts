import { sql, type Kysely } from 'kysely';

/**
 * curio_spend_rate_limit (20261128T0100_rate_limit_spend_in_sql.ts) in PL/pgSQL, with the same
 * arguments, rule and answer. PostgreSQL plans the statement of a LANGUAGE sql function that
 * writes afresh on every call, while PL/pgSQL keeps the plan for the connection: on this machine
 * a spend went from about 0.18 ms of backend CPU to about 0.06 ms, and a chat send, which spends
 * inside chat_send_limited, from about 0.65 ms to 0.55 ms (docs/performance.md, "Chat fan-out").
 */
const STATEMENTS = [
  `CREATE OR REPLACE FUNCTION curio_spend_rate_limit(p_key text, p_points integer, p_budget integer, p_window_seconds integer, p_now timestamptz)
   RETURNS integer
   LANGUAGE plpgsql VOLATILE AS $$
   DECLARE
     v_points integer;
     v_window_ends_at timestamptz;
   BEGIN
     INSERT INTO rate_limit_counters AS c (key, points, window_ends_at)
     VALUES (p_key, p_points, p_now + make_interval(secs => p_window_seconds))
     ON CONFLICT (key) DO UPDATE SET
       points = CASE WHEN c.window_ends_at <= p_now THEN EXCLUDED.points ELSE c.points + EXCLUDED.points END,
       window_ends_at = CASE WHEN c.window_ends_at <= p_now THEN EXCLUDED.window_ends_at ELSE c.window_ends_at END
     RETURNING c.points, c.window_ends_at INTO v_points, v_window_ends_at;
     IF v_points > p_budget THEN
       RETURN greatest(1, ceil(extract(epoch FROM v_window_ends_at - p_now)))::integer;
     END IF;
     RETURN NULL;
   END
   $$`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore from a backup instead');
}
