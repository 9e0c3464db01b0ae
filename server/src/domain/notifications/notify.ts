import { sql } from 'kysely';
import type { TNotificationParams, TNotificationType } from '@curio/shared';
import type { Tx } from '../../db/transaction.ts';
import { notifyThroughDatabase } from '../../realtime/events.ts';

export interface NotificationInput {
  userId: string;
  type: TNotificationType;
  params?: TNotificationParams;
  /** In-app path the notification opens, e.g. /orders/<id>. */
  link?: string;
}

/**
 * Records a notification inside the caller's transaction, so it exists exactly when the event
 * it reports committed, and rings the member's bell once it commits. The ring goes straight
 * through the database's NOTIFY channel, so the many services that notify need only their
 * transaction, not the event bus.
 */
export async function notify(trx: Tx, input: NotificationInput): Promise<void> {
  await trx
    .insertInto('notifications')
    .values({
      user_id: input.userId,
      type: input.type,
      params: sql`cast(${JSON.stringify(input.params ?? {})} as jsonb)`,
      link: input.link ?? null,
    })
    .execute();
  await notifyThroughDatabase(trx, { type: 'notifications-changed', userId: input.userId });
}
