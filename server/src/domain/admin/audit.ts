import { sql } from 'kysely';
import type { Tx } from '../../db/transaction.ts';

export interface AdminAction {
  adminId: string;
  /** What was done, e.g. 'refund.approve'. */
  action: string;
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/**
 * Records an admin action in the same transaction as the change itself, so the log holds
 * exactly the actions that happened: a rolled-back approval leaves no entry, a committed one
 * always has one.
 */
export async function recordAdminAction(trx: Tx, action: AdminAction): Promise<void> {
  const json = (value: unknown) => (value === undefined ? null : sql<string>`cast(${JSON.stringify(value)} as jsonb)`);
  await trx
    .insertInto('admin_audit_log')
    .values({
      admin_id: action.adminId,
      action: action.action,
      target_type: action.targetType,
      target_id: action.targetId,
      before: json(action.before),
      after: json(action.after),
      reason: action.reason ?? null,
    })
    .execute();
}
