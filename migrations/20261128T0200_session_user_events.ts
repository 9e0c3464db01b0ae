import { sql, type Kysely } from 'kysely';

/**
 * Each server process keeps cookie sessions with their member for a short while (ADR 0041) and
 * drops a member's sessions when the 'session-user-changed' event of server/src/realtime/events.ts
 * names them. Sessions, accounts, profiles, bans and roles change in many places (sign-in and
 * sign-out, verification, password reset, the profile screen, the back office, moderation), so
 * the tables announce it themselves, as the feed's do (20261127T0300_feed_change_events.ts): to
 * the all-zero id, sent on commit, identical payloads in one transaction collapsing into one.
 *
 * Only what a session signs in as counts: a new session (no process holds it yet), a profile's
 * counters or last-active time send nothing.
 */
const changed = (columns: string[]) => columns.map((column) => `OLD.${column} IS DISTINCT FROM NEW.${column}`).join(' OR ');

const TABLES: { table: string; member: string; insert: boolean; columns: string[] | 'all' }[] = [
  { table: 'sessions', member: 'user_id', insert: false, columns: ['user_id', 'expires_at'] },
  { table: 'users', member: 'id', insert: false, columns: ['email', 'email_verified_at'] },
  { table: 'profiles', member: 'user_id', insert: true, columns: ['user_id', 'nickname', 'avatar_key', 'preferred_language', 'preferred_currency'] },
  { table: 'user_bans', member: 'user_id', insert: true, columns: 'all' },
  { table: 'user_roles', member: 'user_id', insert: true, columns: 'all' },
];

const STATEMENTS = [
  // TG_ARGV[0] names the column holding the member's id; a row moved to another member names both
  `CREATE FUNCTION notify_session_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
   DECLARE
     member text;
   BEGIN
     FOR member IN
       SELECT DISTINCT m FROM unnest(ARRAY[
         CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) ->> TG_ARGV[0] END,
         CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) ->> TG_ARGV[0] END]) AS m
       WHERE m IS NOT NULL
     LOOP
       PERFORM pg_notify('curio_events', json_build_object(
         'type', 'session-user-changed', 'userId', '00000000-0000-0000-0000-000000000000', 'memberId', member)::text);
     END LOOP;
     RETURN NULL;
   END
   $$`,
  ...TABLES.flatMap(({ table, member, insert, columns }) => [
    `CREATE TRIGGER ${table}_session_user_rows_changed
       AFTER ${insert ? 'INSERT OR DELETE' : 'DELETE'} ON ${table}
       FOR EACH ROW EXECUTE FUNCTION notify_session_user_changed('${member}')`,
    `CREATE TRIGGER ${table}_session_user_changed
       AFTER UPDATE ON ${table}
       FOR EACH ROW ${columns === 'all' ? '' : `WHEN (${changed(columns)})`}
       EXECUTE FUNCTION notify_session_user_changed('${member}')`,
  ]),
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore from a backup instead');
}
