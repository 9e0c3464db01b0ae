import { sql, type Kysely } from 'kysely';

/**
 * The shared cache of feed pages (ADR 0039) is dropped in every server process when what a feed
 * card shows, or whether it is shown at all, changes: a listing or buying request published,
 * edited, sold or bought out, taken down, closed, filled or expired, or a member's nickname.
 * Listings and requests change in many places (publishing, orders, offers, the back office, the
 * sweeper), so the tables announce it themselves, as the admin queue does
 * (20261121T0090_admin_queue_events.ts): the 'feed-changed' event of server/src/realtime/events.ts,
 * addressed to the all-zero id, sent on commit; identical payloads in one transaction collapse into
 * one. Only a change a card shows counts, so a purchase that leaves stock, a like or a favourite
 * sends nothing: those counters (likes, favourites, purchases) may show up to the cache's TTL old.
 */
/** Whether an updated row changes what its card shows: a purchase that leaves stock does not. */
const changed = (columns: string[]) => columns.map((column) => `OLD.${column} IS DISTINCT FROM NEW.${column}`).join(' OR ');

const FEED_TABLES: { table: string; columns: string[]; alsoWhen?: string }[] = [
  {
    table: 'listings',
    columns: ['status', 'title', 'price_cents', 'original_price_cents', 'images', 'category', 'is_anonymous', 'seller_id'],
    // the card shows "sold out" at zero, not the stock itself
    alsoWhen: '(OLD.quantity = 0) IS DISTINCT FROM (NEW.quantity = 0)',
  },
  {
    table: 'buying_requests',
    columns: [
      'status',
      'title',
      'budget_min_cents',
      'budget_max_cents',
      'images',
      'category',
      'active_offers_count',
      'max_offers_allowed',
      'expires_at',
      'user_id',
    ],
  },
];

const STATEMENTS = [
  `CREATE FUNCTION notify_feed_changed() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM pg_notify('curio_events', '{"type":"feed-changed","userId":"00000000-0000-0000-0000-000000000000"}');
     RETURN NULL;
   END
   $$`,
  ...FEED_TABLES.flatMap(({ table, columns, alsoWhen }) => [
    `CREATE TRIGGER ${table}_feed_rows_changed
       AFTER INSERT OR DELETE ON ${table}
       FOR EACH STATEMENT EXECUTE FUNCTION notify_feed_changed()`,
    // per row, so the condition sees old and new values: a transaction that changes nothing a card
    // shows sends no NOTIFY, and so is not made to commit in line with every other notifying one
    // (ADR 0038); several rows in one transaction still send one event (identical payloads collapse)
    `CREATE TRIGGER ${table}_feed_changed
       AFTER UPDATE ON ${table}
       FOR EACH ROW WHEN (${[changed(columns), ...(alsoWhen ? [alsoWhen] : [])].join(' OR ')})
       EXECUTE FUNCTION notify_feed_changed()`,
  ]),
  // the nickname a card shows
  `CREATE TRIGGER profiles_feed_changed
     AFTER UPDATE OF nickname ON profiles
     FOR EACH ROW WHEN (OLD.nickname IS DISTINCT FROM NEW.nickname)
     EXECUTE FUNCTION notify_feed_changed()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore from a backup instead');
}
