import { isAppErrorCode, type AppErrorParams } from '@curio/shared';
import { DomainError } from './domain-error.ts';
import { insufficientFunds } from './ledger/transfer.ts';

/**
 * The SQLSTATE with which Curio's database functions refuse (curio_buy_listing and
 * curio_transfer_to_system, ADR 0038): the message is the refusal's code, the detail its
 * parameters as JSON. The statement is aborted with it, so nothing of the refused work is kept.
 */
export const DATABASE_REFUSAL = 'CU001';

/** A refusal raised by a database function, as the DomainError the client reads; null for any other error. */
export function refusalFromDatabase(error: unknown): DomainError | null {
  const { code, message, detail } = (error ?? {}) as { code?: unknown; message?: unknown; detail?: unknown };
  if (code !== DATABASE_REFUSAL || !isAppErrorCode(message)) return null;
  const params = typeof detail === 'string' && detail ? (JSON.parse(detail) as AppErrorParams) : undefined;
  // the database knows cents; the client reads the amount as formatCents writes it, as transfer() refuses
  if (message === 'INSUFFICIENT_BALANCE' && params) return insufficientFunds('usdn', Number(params.neededCents), Number(params.availableCents));
  return new DomainError(message, params);
}
