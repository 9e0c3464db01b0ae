import { formatCents, TRANSFER_NOTES_MAX } from '@curio/shared';
import type { AppServices } from '../../app-services.ts';
import type { Tx } from '../../db/transaction.ts';
import { runMoneyCommand } from '../ledger/money-command.ts';
import { transfer } from '../ledger/index.ts';
import { DomainError } from '../domain-error.ts';
import { notify } from '../notifications/notify.ts';

export interface TransferUsdnInput {
  senderId: string;
  email: string;
  /** Whole USDN; null when the field was left empty. */
  amount: number | null;
  notes?: string | undefined;
  now: Date;
}

/**
 * Sends USDN to another member by e-mail (rule W-13): both fields required, a whole
 * amount of at least 1, never to oneself, free of fees. The ledger refuses an amount over the
 * available balance inside the same transaction, so racing spends of one balance cannot both pass.
 */
export async function transferUsdn(trx: Tx, input: TransferUsdnInput): Promise<{ id: string; amountCents: number; affectedUserIds: string[] }> {
  const email = input.email.trim().toLowerCase();
  if (email === '' || input.amount === null) throw new DomainError('FIELDS_REQUIRED');
  if (!Number.isFinite(input.amount) || input.amount <= 0) throw new DomainError('INVALID_AMOUNT');
  if (!Number.isInteger(input.amount)) throw new DomainError('AMOUNT_NOT_WHOLE');
  const amountCents = input.amount * 100;
  if (!Number.isSafeInteger(amountCents)) throw new DomainError('INVALID_AMOUNT');
  const notes = input.notes?.trim() || null;
  if (notes !== null && notes.length > TRANSFER_NOTES_MAX) throw new DomainError('CONTENT_TOO_LONG', { max: TRANSFER_NOTES_MAX });

  const recipient = await trx
    .selectFrom('users')
    .innerJoin('profiles', 'profiles.user_id', 'users.id')
    .select(['users.id'])
    .where('users.email', '=', email)
    .executeTakeFirst();
  if (!recipient) throw new DomainError('TRANSFER_RECIPIENT_NOT_FOUND');
  if (recipient.id === input.senderId) throw new DomainError('TRANSFER_TO_SELF');

  const row = await trx
    .insertInto('usdn_transfers')
    .values({
      from_user_id: input.senderId,
      to_user_id: recipient.id,
      to_user_email: email,
      amount_cents: amountCents,
      notes,
      created_at: input.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const moved = await transfer(trx, {
    currency: 'usdn',
    from: { user: input.senderId },
    to: { user: recipient.id },
    amount: amountCents,
    kind: 'transfer',
    referenceType: 'usdn_transfer',
    referenceId: row.id,
    createdBy: input.senderId,
  });
  const sender = await trx.selectFrom('profiles').select('nickname').where('user_id', '=', input.senderId).executeTakeFirst();
  await notify(trx, {
    userId: recipient.id,
    type: 'transfer_received',
    params: { amount: formatCents(amountCents), nickname: sender?.nickname ?? '' },
    link: '/transfer',
  });
  return { id: row.id, amountCents, affectedUserIds: moved.affectedUserIds };
}

/** The member's transfer: once per idempotency key, both balances pushed to open screens. */
export function sendUsdnTransfer(services: AppServices, input: Omit<TransferUsdnInput, 'now'> & { idempotencyKey: string }) {
  const { idempotencyKey, senderId, ...params } = input;
  return runMoneyCommand(
    services,
    { userId: senderId, key: idempotencyKey, operation: 'wallet.transfer', params: { ...params, email: params.email.trim().toLowerCase() } },
    (trx) => transferUsdn(trx, { senderId, ...params, now: services.clock.now() }),
  );
}
