import type { EventBus, RealtimeEvent } from '../../realtime/events.ts';

/**
 * Publishes after the transaction committed. The database change already happened, so a
 * failed publish is logged rather than turned into an error the user would retry.
 */
export async function publishCommitted(events: EventBus, list: RealtimeEvent[]): Promise<void> {
  for (const event of list) {
    try {
      await events.publish(event);
    } catch (error) {
      console.error(`[events] publish ${event.type} for ${event.userId} failed:`, error);
    }
  }
}

export function sessionRevokedEvent(userId: string, sessionIds: string[]): RealtimeEvent[] {
  return sessionIds.length > 0 ? [{ type: 'session-revoked', userId, sessionIds }] : [];
}
