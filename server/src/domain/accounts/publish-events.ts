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

/** `cause` 'banned' closes the member's sockets with the ban's own code, so their tab says why. */
export function sessionRevokedEvent(userId: string, sessionIds: string[], cause?: 'banned'): RealtimeEvent[] {
  if (sessionIds.length === 0) return [];
  return [cause ? { type: 'session-revoked', userId, sessionIds, cause } : { type: 'session-revoked', userId, sessionIds }];
}
