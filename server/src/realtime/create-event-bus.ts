import type { DbHandle } from '../db/database.ts';
import type { EventBus } from './events.ts';
import { LocalEventBus } from './local-event-bus.ts';

export async function createEventBus(_dbHandle: DbHandle): Promise<EventBus> {
  return new LocalEventBus();
}
