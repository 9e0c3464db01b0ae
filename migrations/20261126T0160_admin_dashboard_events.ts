import { sql, type Kysely } from 'kysely';

/**
 * A live dashboard (rule AD-7, ADR 0033). Its queue counts already follow the
 * 'admin-queue-changed' triggers of 20261121T0090_admin_queue_events.ts, which also cover the
 * head counts of those six tables (rows inserted or deleted). The other tables it counts announce
 * their own changes as 'admin-totals-changed', addressed like the queue event to the all-zero id
 * that stands for "every admin" (server/src/realtime/events.ts). Statement-level, so a bulk
 * insert costs one NOTIFY, and identical payloads in one transaction collapse into one.
 */
const TOTAL_TABLES: { table: string; events: string }[] = [
  { table: 'users', events: 'INSERT OR DELETE' },
  { table: 'listings', events: 'INSERT OR DELETE' },
  { table: 'buying_requests', events: 'INSERT OR DELETE' },
  { table: 'orders', events: 'INSERT OR DELETE' },
  // the dashboard counts active codes only
  { table: 'recharge_codes', events: 'INSERT OR DELETE OR UPDATE OF status' },
];

const STATEMENTS = [
  `CREATE FUNCTION notify_admin_totals_changed() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM pg_notify('curio_events', '{"type":"admin-totals-changed","userId":"00000000-0000-0000-0000-000000000000"}');
     RETURN NULL;
   END
   $$`,
  ...TOTAL_TABLES.map(
    ({ table, events }) =>
      `CREATE TRIGGER ${table}_admin_totals_changed
         AFTER ${events} ON ${table}
         FOR EACH STATEMENT EXECUTE FUNCTION notify_admin_totals_changed()`,
  ),
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore from a backup instead');
}
