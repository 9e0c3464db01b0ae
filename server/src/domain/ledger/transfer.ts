import type { Transaction } from 'kysely';
import { formatCents } from '@curio/shared';
import type { Database } from '../../db/schema.ts';
import { DomainError } from '../domain-error.ts';
import { accountKey, applyLegs, lockAccounts, resolveAccountIds, type AccountRef, type BalanceLeg, type Currency } from './accounts.ts';
import type { TransferKind } from './transfer-kinds.ts';

export interface TransferInput {
  currency: Currency;
  from: AccountRef;
  to: AccountRef;
  /** Cents for USDN, whole points for points: a positive safe integer. */
  amount: number;
  kind: TransferKind;
  referenceType?: string;
  referenceId?: string;
  memo?: string;
  /** The user who caused the transfer (the member, or the admin acting on someone's account). */
  createdBy?: string;
}

export interface TransferResult {
  transferId: number;
  /** Users whose balances changed: hand them to publishBalanceChanges after the commit. */
  affectedUserIds: string[];
}

const CHECK_VIOLATION = '23514';

/** The refusal of a short balance: INSUFFICIENT_BALANCE {needed} for USDN, INSUFFICIENT_POINTS for points. */
export function insufficientFunds(currency: Currency, needed: number, available: number) {
  return currency === 'usdn'
    ? new DomainError('INSUFFICIENT_BALANCE', {
        needed: formatCents(needed),
        neededCents: needed,
        availableCents: available,
      })
    : new DomainError('INSUFFICIENT_POINTS', { needed, available });
}

/**
 * Moves `amount` from one account to another: the only way a balance changes
 * (engineering rule E-4). It runs inside the caller's business transaction, so the money and
 * the change that caused it commit or roll back together. A user account cannot go below zero; when it
 * would, nothing has been written yet and the caller gets INSUFFICIENT_BALANCE or
 * INSUFFICIENT_POINTS. System accounts may go negative (issuance is negative by design) and
 * carry no cached balance: theirs is the sum of their transfers (ADR 0022).
 * Transfers are never updated or deleted; a mistake is corrected by a new transfer.
 * A purchase pays escrow through this function's SQL twin, curio_transfer_to_system
 * (migrations/20261127T0200_buy_listing_in_one_statement.ts, ADR 0038): what a transfer writes
 * changes in both.
 */
export async function transfer(trx: Transaction<Database>, input: TransferInput): Promise<TransferResult> {
  const { currency, amount } = input;
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new DomainError('INVALID_AMOUNT');
  const fromKey = accountKey(input.from);
  const toKey = accountKey(input.to);
  if (fromKey.kind === toKey.kind && fromKey.userId === toKey.userId) {
    throw new Error(`ledger transfer from an account to itself (${currency}/${fromKey.kind})`);
  }

  const [debitId, creditId] = (await resolveAccountIds(trx, currency, [fromKey, toKey])) as [number, number];
  // only user accounts hold a cached balance to guard and update; a system account's balance
  // is the sum of its transfers, so purchases do not queue on the one escrow row (ADR 0022)
  const legs: BalanceLeg[] = [];
  if (fromKey.userId !== null) legs.push({ id: debitId, delta: -amount });
  if (toKey.userId !== null) legs.push({ id: creditId, delta: amount });
  const locked = await lockAccounts(
    trx,
    legs.map((leg) => leg.id),
  );
  const debit = fromKey.userId === null ? null : locked.get(debitId);
  if (debit === undefined) throw new Error(`ledger account ${debitId} vanished while locking`);
  if (debit !== null && debit.balance < amount) throw insufficientFunds(currency, amount, debit.balance);

  try {
    await applyLegs(trx, legs);
  } catch (error) {
    // the CHECK constraint is the backstop for any path that slipped past the guard above
    if ((error as { code?: unknown }).code === CHECK_VIOLATION) throw insufficientFunds(currency, amount, debit?.balance ?? 0);
    throw error;
  }

  const row = await trx
    .insertInto('ledger_transfers')
    .values({
      currency,
      debit_account_id: debitId,
      credit_account_id: creditId,
      amount,
      kind: input.kind,
      reference_type: input.referenceType ?? null,
      reference_id: input.referenceId ?? null,
      memo: input.memo ?? null,
      created_by: input.createdBy ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const affectedUserIds = [...new Set([fromKey.userId, toKey.userId].filter((id): id is string => id !== null))];
  return { transferId: row.id, affectedUserIds };
}
