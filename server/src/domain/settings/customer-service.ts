import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { getSettings } from './settings.ts';

/**
 * The admin the customer-service button chats with (rule C-11): the configured admin when that
 * id still belongs to an admin who is not banned, else the earliest-registered such admin.
 * Null when the service is switched off or there is nobody to answer.
 */
export async function findCustomerServiceAdmin(db: Kysely<Database>): Promise<string | null> {
  const settings = await getSettings(db, ['customer_service_enabled', 'customer_service_admin_id']);
  if (!settings.customer_service_enabled) return null;

  const activeAdmins = db
    .selectFrom('user_roles')
    .innerJoin('users', 'users.id', 'user_roles.user_id')
    .leftJoin('user_bans', (join) => join.onRef('user_bans.user_id', '=', 'users.id').on('user_bans.status', '=', 'active'))
    .select('users.id')
    .where('user_roles.role', '=', 'admin')
    .where('user_bans.id', 'is', null);

  const configured = settings.customer_service_admin_id;
  if (configured) {
    const admin = await activeAdmins.where('users.id', '=', configured).executeTakeFirst();
    if (admin) return admin.id;
  }
  const first = await activeAdmins.orderBy('users.created_at').orderBy('users.id').limit(1).executeTakeFirst();
  return first?.id ?? null;
}
