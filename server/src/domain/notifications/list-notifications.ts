import type { z } from 'zod';
import type { ZNotificationsInput, ZNotificationsPage } from '@curio/shared';
import { NOTIFICATIONS_PAGE_SIZE, ZNotificationParams, ZNotificationType } from '@curio/shared';
import { DomainError } from '../domain-error.ts';
import type { AppServices } from '../../app-services.ts';

function decodeCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = cursor.split('|');
  const date = new Date(at ?? '');
  if (!id || Number.isNaN(date.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) throw new DomainError('VALIDATION_FAILED');
  return { at: date, id };
}

/** The member's notifications, newest first. A row of a type this build does not know is skipped. */
export async function listNotifications(
  services: AppServices,
  memberId: string,
  input: z.output<typeof ZNotificationsInput>,
): Promise<z.output<typeof ZNotificationsPage>> {
  let query = services.db.selectFrom('notifications').select(['id', 'type', 'params', 'link', 'is_read', 'created_at']).where('user_id', '=', memberId);
  if (input?.cursor) {
    const { at, id } = decodeCursor(input.cursor);
    query = query.where((eb) => eb.or([eb('created_at', '<', at), eb.and([eb('created_at', '=', at), eb('id', '<', id)])]));
  }
  const rows = await query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(NOTIFICATIONS_PAGE_SIZE + 1)
    .execute();
  const page = rows.slice(0, NOTIFICATIONS_PAGE_SIZE);
  const last = page.at(-1);
  const items = page.flatMap((row) => {
    const type = ZNotificationType.safeParse(row.type);
    if (!type.success) return [];
    const params = ZNotificationParams.safeParse(row.params);
    return [{ id: row.id, type: type.data, params: params.success ? params.data : {}, link: row.link, isRead: row.is_read, createdAt: row.created_at }];
  });
  return { items, nextCursor: rows.length > NOTIFICATIONS_PAGE_SIZE && last ? `${last.created_at.toISOString()}|${last.id}` : null };
}
