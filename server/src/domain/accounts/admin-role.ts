import type { z } from 'zod';
import type { ZAdminSetRoleInput, ZAdminSetRoleResult } from '@curio/shared';
import { DomainError } from '../domain-error.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { recordAdminAction } from '../admin/audit.ts';
import type { AppServices } from '../../app-services.ts';
import { isBanned } from './active-bans.ts';

/**
 * Grants or revokes the admin role from the users tab, with a reason, audited (ADR 0032).
 *
 * Every admin row is locked first, so two admins revoking each other at once are serialised:
 * the second finds one admin left and is refused with LAST_ADMIN, and the console can never be
 * left without an admin. An actor whose own role went meanwhile is ADMIN_REQUIRED. A banned
 * member cannot be made admin (CANNOT_PROMOTE_BANNED), as an admin cannot be banned; a change
 * that changes nothing is REQUEST_ALREADY_PROCESSED with no entry. The role is read on every
 * admin call, so a revocation takes effect at the next request; the member's open sockets, whose
 * context was made when they opened, are closed to reconnect with the new role
 * (server/src/realtime/session-sockets.ts).
 */
export async function setAdminRole(
  services: AppServices,
  actorId: string,
  input: z.output<typeof ZAdminSetRoleInput>,
): Promise<z.output<typeof ZAdminSetRoleResult>> {
  return runInTransaction(services.db, async (trx) => {
    const admins = await trx.selectFrom('user_roles').select('user_id').where('role', '=', 'admin').orderBy('user_id').forUpdate().execute();
    const adminIds = new Set(admins.map((row) => row.user_id));
    if (!adminIds.has(actorId)) throw new DomainError('ADMIN_REQUIRED');
    const user = await trx.selectFrom('users').select('id').where('id', '=', input.userId).forUpdate().executeTakeFirst();
    if (!user) throw new DomainError('USER_NOT_FOUND');
    if (adminIds.has(input.userId) === input.admin) throw new DomainError('REQUEST_ALREADY_PROCESSED');

    if (input.admin) {
      if (await isBanned(trx, input.userId)) throw new DomainError('CANNOT_PROMOTE_BANNED');
      await trx.insertInto('user_roles').values({ user_id: input.userId, role: 'admin' }).execute();
    } else {
      if (adminIds.size <= 1) throw new DomainError('LAST_ADMIN');
      await trx.deleteFrom('user_roles').where('user_id', '=', input.userId).where('role', '=', 'admin').execute();
    }
    await recordAdminAction(trx, {
      adminId: actorId,
      action: input.admin ? 'user.grant_admin' : 'user.revoke_admin',
      targetType: 'user',
      targetId: input.userId,
      before: { admin: !input.admin },
      after: { admin: input.admin, admins: adminIds.size + (input.admin ? 1 : -1) },
      reason: input.reason,
    });
    return { userId: input.userId, isAdmin: input.admin };
  });
}
