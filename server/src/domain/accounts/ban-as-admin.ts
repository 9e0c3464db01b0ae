import type { z } from 'zod';
import type { ZAdminBanInput, ZAdminBanResult, ZAdminEndSessionsInput, ZAdminEndSessionsResult, ZAdminUnbanInput } from '@curio/shared';
import { DomainError } from '../domain-error.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { banUserInTransaction, liftBan } from './ban-user.ts';
import { endAllAccess } from './end-all-access.ts';
import { publishCommitted, sessionRevokedEvent } from './publish-events.ts';
import { recordAdminAction } from '../admin/audit.ts';
import type { AppServices } from '../../app-services.ts';

/**
 * Ban with a required reason (rule AD-9). The ban service ends every session and notifies
 * 'banned'; an admin cannot be banned (CANNOT_BAN_ADMIN, checked by the service). Banning a
 * banned user is refused rather than silently kept, so the admin sees their click did nothing
 * and the log never holds a ban that changed nothing.
 */
export async function banAsAdmin(services: AppServices, memberId: string, input: z.output<typeof ZAdminBanInput>): Promise<z.output<typeof ZAdminBanResult>> {
  const result = await runInTransaction(services.db, async (trx) => {
    const banned = await banUserInTransaction(trx, { userId: input.userId, bannedBy: memberId, reason: input.reason });
    // throwing rolls back the sessions the service ended for this second ban too
    if (!banned.created) throw new DomainError('USER_ALREADY_BANNED');
    await recordAdminAction(trx, {
      adminId: memberId,
      action: 'user.ban',
      targetType: 'user',
      targetId: input.userId,
      before: { banned: false },
      after: { banned: true, banId: banned.banId, endedSessions: banned.endedSessionIds.length },
      reason: input.reason,
    });
    return banned;
  });
  // open tabs and sockets of the user close now, not at their next request
  await publishCommitted(services.events, sessionRevokedEvent(input.userId, result.endedSessionIds, 'banned'));
  return { banned: true };
}

/** Unban (rule AD-9): active → lifted with a timestamp; the member signs in again themselves. */
export async function liftBanAsAdmin(
  services: AppServices,
  memberId: string,
  input: z.output<typeof ZAdminUnbanInput>,
): Promise<z.output<typeof ZAdminBanResult>> {
  const now = services.clock.now();
  await runInTransaction(services.db, async (trx) => {
    const active = await trx
      .selectFrom('user_bans')
      .select(['id', 'reason', 'created_at'])
      .where('user_id', '=', input.userId)
      .where('status', '=', 'active')
      .executeTakeFirst();
    // the guarded UPDATE in liftBan decides: of two admins lifting at once, one lifts
    const { lifted } = await liftBan(trx, { userId: input.userId, at: now });
    if (!lifted || !active) {
      const exists = await trx.selectFrom('users').select('id').where('id', '=', input.userId).executeTakeFirst();
      throw new DomainError(exists ? 'USER_NOT_BANNED' : 'USER_NOT_FOUND');
    }
    await recordAdminAction(trx, {
      adminId: memberId,
      action: 'user.unban',
      targetType: 'user',
      targetId: input.userId,
      before: { banned: true, banId: active.id, banReason: active.reason },
      after: { banned: false, unbannedAt: now.toISOString() },
      reason: input.reason,
    });
  });
  return { banned: false };
}

/**
 * "End all sessions" (ADR 0044): the member's every browser and API token stops working, for an
 * account reported stolen or a script run wild, without a ban. The member signs in again; their
 * scripts need new tokens. Logged with the admin's reason and what it ended.
 */
export async function endSessionsAsAdmin(
  services: AppServices,
  adminId: string,
  input: z.output<typeof ZAdminEndSessionsInput>,
): Promise<z.output<typeof ZAdminEndSessionsResult>> {
  const ended = await runInTransaction(services.db, async (trx) => {
    const user = await trx.selectFrom('users').select('id').where('id', '=', input.userId).executeTakeFirst();
    if (!user) throw new DomainError('USER_NOT_FOUND');
    const access = await endAllAccess(trx, user.id);
    await recordAdminAction(trx, {
      adminId,
      action: 'user.end_sessions',
      targetType: 'user',
      targetId: user.id,
      before: null,
      after: { endedSessions: access.sessionIds.length, revokedTokens: access.revokedTokens },
      reason: input.reason,
    });
    return access;
  });
  await publishCommitted(services.events, sessionRevokedEvent(input.userId, ended.sessionIds));
  return { endedSessions: ended.sessionIds.length, revokedTokens: ended.revokedTokens };
}
