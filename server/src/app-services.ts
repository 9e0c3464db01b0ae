import type { Kysely } from 'kysely';
import type { AppConfig } from './config.ts';
import type { Clock } from './clock.ts';
import type { Database } from './db/schema.ts';
import type { DbHandle } from './db/database.ts';
import type { EventBus } from './realtime/events.ts';
import type { Mailer } from './mail/mailer.ts';

/** Long-lived collaborators every procedure may use; built once in app.ts, faked nowhere. */
export interface AppServices {
  config: AppConfig;
  dbHandle: DbHandle;
  db: Kysely<Database>;
  clock: Clock;
  events: EventBus;
  mailer: Mailer;
}
