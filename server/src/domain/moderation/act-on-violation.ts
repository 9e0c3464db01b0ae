import type { z } from 'zod';
import type { ZAdminViolationActInput, ZAdminViolationActResult } from '@curio/shared';
import { DomainError } from '../domain-error.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { banUserInTransaction } from '../accounts/ban-user.ts';
import { publishCommitted, sessionRevokedEvent } from '../accounts/publish-events.ts';
import { notify } from '../notifications/notify.ts';
import { recordAdminAction } from '../admin/audit.ts';
import type { AppServices } from '../../app-services.ts';

/**
 * An unreviewed violation (rule AD-16) becomes reviewed, warning (the sender is notified)
 * or banned (the sender is banned through the ban service, which ends their sessions and
 * notifies 'banned'), stamped with the reviewer and the time. The guarded UPDATE
 * (`WHERE reviewed_at IS NULL`) makes a double click or two admins at once act once; the loser
 * gets ALREADY_REVIEWED and its transaction, ban and audit entry included, rolls back.
 */
export async function actOnViolation(
  services: AppServices,
  memberId: string,
  input: z.output<typeof ZAdminViolationActInput>,
): Promise<z.output<typeof ZAdminViolationActResult>> {
  const now = services.clock.now();
  const endedSessions = await runInTransaction(services.db, async (trx) => {
    const claimed = await trx
      .updateTable('message_violations')
      .set({ reviewed_by: memberId, reviewed_at: now, action_taken: input.action, notes: input.notes })
      .where('id', '=', input.violationId)
      .where('reviewed_at', 'is', null)
      .returning(['id', 'sender_id', 'violation_type'])
      .executeTakeFirst();
    if (!claimed) {
      const exists = await trx.selectFrom('message_violations').select('id').where('id', '=', input.violationId).executeTakeFirst();
      throw new DomainError(exists ? 'ALREADY_REVIEWED' : 'NOT_FOUND');
    }

    let ended: string[] = [];
    let banId: string | null = null;
    if (input.action === 'warning') {
      await notify(trx, {
        userId: claimed.sender_id,
        type: 'warning',
        params: { type: claimed.violation_type, ...(input.notes ? { notes: input.notes } : {}) },
      });
    } else if (input.action === 'banned') {
      // the notes are the ban reason the member reads; without notes a reason naming the rule
      const reason = input.notes ?? `Contact details in chat (${claimed.violation_type})`;
      const banned = await banUserInTransaction(trx, { userId: claimed.sender_id, bannedBy: memberId, reason });
      // already banned (by the users tab or another violation): the decision stands, the first ban stays
      ended = banned.endedSessionIds;
      banId = banned.banId;
    }

    await recordAdminAction(trx, {
      adminId: memberId,
      action: `violation.${input.action === 'reviewed' ? 'review' : input.action === 'warning' ? 'warn' : 'ban'}`,
      targetType: 'violation',
      targetId: input.violationId,
      before: { status: 'unreviewed' },
      after: { status: input.action, senderId: claimed.sender_id, ...(banId ? { banId } : {}) },
      reason: input.notes,
    });
    return { senderId: claimed.sender_id, ended };
  });
  // only a ban ends sessions here
  await publishCommitted(services.events, sessionRevokedEvent(endedSessions.senderId, endedSessions.ended, 'banned'));
  return { status: input.action, reviewedAt: now };
}
