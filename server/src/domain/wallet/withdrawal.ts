import type { Kysely } from 'kysely';
import { formatWalletAmount, isSolanaAddress, settingAmountToCents, withdrawalQuote, type TWithdrawalInfo } from '@curio/shared';
import type { Database } from '../../db/schema.ts';
import type { AppServices } from '../../app-services.ts';
import type { Tx } from '../../db/transaction.ts';
import { runMoneyCommand } from '../ledger/money-command.ts';
import { transfer } from '../ledger/index.ts';
import { DomainError } from '../domain-error.ts';
import { getSettings } from '../settings/settings.ts';

export async function getWithdrawalInfo(db: Kysely<Database>): Promise<TWithdrawalInfo> {
  const settings = await getSettings(db, ['usdn_withdrawal_min', 'usdn_withdrawal_fee_percentage', 'usdn_to_usdt_rate']);
  return {
    minUsdn: settings.usdn_withdrawal_min,
    feeRate: settings.usdn_withdrawal_fee_percentage,
    usdtRate: settings.usdn_to_usdt_rate,
  };
}

export interface CreateWithdrawalInput {
  userId: string;
  /** Whole USDN as the member typed it. */
  amount: number;
  address: string;
  now: Date;
}

/**
 * A USDN withdrawal request (rules W-8 to W-11). The whole amount, fee included, moves from the
 * member's available balance to their held balance in the same transaction as the request
 * (rule W-11, engineering rule E-5): deducting only on completion would let the same money be
 * spent or withdrawn twice while the request waits. The ledger's own guard refuses an amount
 * over the available balance (INSUFFICIENT_BALANCE), so two racing requests cannot both hold it.
 */
export async function createWithdrawal(trx: Tx, input: CreateWithdrawalInput): Promise<{ id: string; affectedUserIds: string[] }> {
  if (!Number.isFinite(input.amount) || input.amount <= 0) throw new DomainError('INVALID_AMOUNT');
  if (!Number.isInteger(input.amount)) throw new DomainError('AMOUNT_NOT_WHOLE');
  const amountCents = input.amount * 100;
  if (!Number.isSafeInteger(amountCents)) throw new DomainError('INVALID_AMOUNT');
  const info = await getWithdrawalInfo(trx);
  const minCents = settingAmountToCents(info.minUsdn);
  if (amountCents < minCents) throw new DomainError('WITHDRAWAL_BELOW_MINIMUM', { min: formatWalletAmount(minCents) });
  const address = input.address.trim();
  if (!isSolanaAddress(address)) throw new DomainError('SOLANA_ADDRESS_INVALID');

  const quote = withdrawalQuote(amountCents, info.feeRate, info.usdtRate);
  const row = await trx
    .insertInto('usdn_withdrawal_requests')
    .values({
      user_id: input.userId,
      usdn_amount_cents: quote.amountCents,
      fee_cents: quote.feeCents,
      usdt_amount_cents: quote.usdtCents,
      network: 'solana',
      withdrawal_address: address,
      status: 'pending',
      created_at: input.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const moved = await transfer(trx, {
    currency: 'usdn',
    from: { user: input.userId },
    to: { user: input.userId, kind: 'held' },
    amount: quote.amountCents,
    kind: 'withdrawal_hold',
    referenceType: 'usdn_withdrawal',
    referenceId: row.id,
    createdBy: input.userId,
  });
  return { id: row.id, affectedUserIds: moved.affectedUserIds };
}

/** The member's withdrawal request: once per idempotency key; the held amount shows at once. */
export function requestWithdrawal(services: AppServices, input: Omit<CreateWithdrawalInput, 'now'> & { idempotencyKey: string }) {
  const { idempotencyKey, userId, amount, address } = input;
  return runMoneyCommand(services, { userId, key: idempotencyKey, operation: 'wallet.createWithdrawal', params: { amount, address: address.trim() } }, (trx) =>
    createWithdrawal(trx, { userId, amount, address, now: services.clock.now() }),
  );
}
