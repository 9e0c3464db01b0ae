import type { DbHandle } from '../db/database.ts';
import type { EventBus } from './events.ts';
import { LocalEventBus } from './local-event-bus.ts';
import { PgEventBus } from './pg-event-bus.ts';

/**
 * PostgreSQL: LISTEN/NOTIFY, so every process on the database sees every event. Embedded
 * PGlite: its NOTIFY never leaves the process, so in-process fan-out is the whole story.
 */
export async function createEventBus(dbHandle: DbHandle): Promise<EventBus> {
  if (dbHandle.kind === 'postgres' && dbHandle.url) return PgEventBus.create(dbHandle.db, dbHandle.url);
  if (dbHandle.pglite) return LocalEventBus.forPglite(dbHandle.pglite);
  return new LocalEventBus();
}
