import { sql, type Kysely } from 'kysely';

/**
 * Live pending-count badges of the admin console (rule AD-4, ADR 0019). Requests that wait for an
 * admin are created in many places (chat sends record violations, buyers ask for refunds, members
 * request top-ups...), so instead of every one of them remembering to tell the console, the
 * tables themselves announce a change on the realtime channel. The payload is the
 * 'admin-queue-changed' event of server/src/realtime/events.ts, addressed to the all-zero id that
 * stands for "every admin"; subscribers re-count on delivery. NOTIFY is sent on commit and
 * identical payloads in one transaction collapse into one, so a burst costs one wake-up.
 */
const QUEUE_TABLES: { table: string; columns: string }[] = [
  { table: 'refunds', columns: 'status' },
  { table: 'complaints', columns: 'status' },
  { table: 'points_withdrawal_requests', columns: 'status' },
  { table: 'message_violations', columns: 'reviewed_at' },
  { table: 'usdt_recharge_requests', columns: 'status' },
  { table: 'usdn_withdrawal_requests', columns: 'status' },
];

const STATEMENTS = [
  `CREATE FUNCTION notify_admin_queue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM pg_notify('curio_events', '{"type":"admin-queue-changed","userId":"00000000-0000-0000-0000-000000000000"}');
     RETURN NULL;
   END
   $$`,
  ...QUEUE_TABLES.map(
    ({ table, columns }) =>
      `CREATE TRIGGER ${table}_admin_queue_changed
         AFTER INSERT OR DELETE OR UPDATE OF ${columns} ON ${table}
         FOR EACH STATEMENT EXECUTE FUNCTION notify_admin_queue_changed()`,
  ),
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore from a backup instead');
}
