import { sql, type Kysely } from 'kysely';

/**
 * The feed leaves out what banned members published (rule F-2, server/src/domain/feed/feed-page.ts),
 * so a ban made or lifted changes which cards the feed shows: user_bans announces it with the
 * 'feed-changed' event of 20261127T0300_feed_change_events.ts, and every server process drops its
 * cached feed pages (ADR 0039). A ban is rare, so dropping every page costs nothing that matters.
 */
const STATEMENTS = [
  `CREATE TRIGGER user_bans_feed_rows_changed
     AFTER INSERT OR DELETE ON user_bans
     FOR EACH STATEMENT EXECUTE FUNCTION notify_feed_changed()`,
  `CREATE TRIGGER user_bans_feed_changed
     AFTER UPDATE ON user_bans
     FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.user_id IS DISTINCT FROM NEW.user_id)
     EXECUTE FUNCTION notify_feed_changed()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore from a backup instead');
}
