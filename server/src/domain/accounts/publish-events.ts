import type { EventBus, RealtimeEvent } from '../../realtime/events.ts';
import { componentLogger } from '../../observability/logger.ts';

const log = componentLogger('events');

/**
 * Publishes after the transaction committed. The database change already happened, so a
 * failed publish is logged rather than turned into an error the user would retry.
 */
export async function publishCommitted(events: EventBus, list: RealtimeEvent[]): Promise<void> {
  for (const event of list) {
    try {
      await events.publish(event);
    } catch (error) {
      log.error({ err: error, event: event.type, userId: event.userId }, 'publish failed');
    }
  }
}

export function sessionRevokedEvent(userId: string, sessionIds: string[]): RealtimeEvent[] {
  return sessionIds.length > 0 ? [{ type: 'session-revoked', userId, sessionIds }] : [];
}
