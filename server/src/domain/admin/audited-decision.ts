import type { AppServices } from '../../app-services.ts';
import type { Tx } from '../../db/transaction.ts';
import { runMoneyCommand, type MoneyMoved } from '../ledger/money-command.ts';
import { recordAdminAction } from './audit.ts';

export interface AuditedDecision<T extends MoneyMoved> {
  adminId: string;
  /** What is done, e.g. 'refund.approve'. */
  action: string;
  targetType: string;
  targetId: string;
  reason?: string | null;
  /** The target as it stood, read before `decide` locks and changes it. */
  before: (trx: Tx) => Promise<unknown>;
  /** The resolver: it locks the target and acts only on one still waiting for a decision. */
  decide: (trx: Tx, now: Date) => Promise<T>;
  /** What the audit entry records as the result. */
  after: (outcome: T) => unknown;
}

/**
 * An admin's decision on a money request (refund, withdrawal, top-up, points redemption): the
 * change and its audit entry in one transaction, balances pushed after commit. A racing second
 * decision waits on the resolver's lock, finds the request handled, and rolls back with its
 * audit entry, so money moves once and the log holds one entry.
 */
export function decideAudited<T extends MoneyMoved>(services: AppServices, decision: AuditedDecision<T>): Promise<T> {
  const now = services.clock.now();
  return runMoneyCommand(services, null, async (trx) => {
    const before = await decision.before(trx);
    const outcome = await decision.decide(trx, now);
    await recordAdminAction(trx, {
      adminId: decision.adminId,
      action: decision.action,
      targetType: decision.targetType,
      targetId: decision.targetId,
      before,
      after: decision.after(outcome),
      reason: decision.reason ?? null,
    });
    return outcome;
  });
}
