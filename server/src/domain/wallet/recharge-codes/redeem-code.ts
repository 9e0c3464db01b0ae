import { normaliseRedeemCode } from '@curio/shared';
import type { AppServices } from '../../../app-services.ts';
import type { Tx } from '../../../db/transaction.ts';
import { runMoneyCommand } from '../../ledger/money-command.ts';
import { transfer } from '../../ledger/index.ts';
import { DomainError } from '../../domain-error.ts';

export interface RedeemResult {
  usdnReceivedCents: number;
  affectedUserIds: string[];
}

/**
 * Redeems a recharge code for a member (rule W-5: single use). The code is claimed by one
 * guarded UPDATE, so of any number of racing members exactly one sees the row change; the
 * others block on the row lock, re-check the WHERE after the winner commits and find nothing.
 * Only then is the reason looked up, to give the precise message (unknown, used, disabled,
 * expired). The unique code_id of the redemption row is a second guard.
 */
export async function redeemRechargeCode(trx: Tx, input: { userId: string; code: string; now: Date }): Promise<RedeemResult> {
  const code = normaliseRedeemCode(input.code);
  if (code === '') throw new DomainError('CODE_REQUIRED');
  const claimed = await trx
    .updateTable('recharge_codes')
    .set({ status: 'used', used_by: input.userId, used_at: input.now })
    .where('code', '=', code)
    .where('status', '=', 'active')
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', input.now)]))
    .returning(['id', 'value_cents'])
    .executeTakeFirst();
  if (!claimed) {
    const row = await trx.selectFrom('recharge_codes').select(['status', 'expires_at']).where('code', '=', code).executeTakeFirst();
    if (!row) throw new DomainError('CODE_INVALID');
    if (row.status === 'used') throw new DomainError('CODE_USED');
    if (row.status === 'disabled') throw new DomainError('CODE_DISABLED');
    throw new DomainError('CODE_EXPIRED');
  }
  await trx
    .insertInto('recharge_code_redemptions')
    .values({ code_id: claimed.id, user_id: input.userId, usdn_received_cents: claimed.value_cents, redeemed_at: input.now })
    .execute();
  const moved = await transfer(trx, {
    currency: 'usdn',
    from: { system: 'issuance' },
    to: { user: input.userId },
    amount: claimed.value_cents,
    kind: 'code_redemption',
    referenceType: 'recharge_code',
    referenceId: claimed.id,
    createdBy: input.userId,
  });
  return { usdnReceivedCents: claimed.value_cents, affectedUserIds: moved.affectedUserIds };
}

/** The member redeems a code: once per idempotency key, so a double submit credits once. */
export function redeemCodeOnce(services: AppServices, input: { userId: string; code: string; idempotencyKey: string }) {
  return runMoneyCommand(
    services,
    { userId: input.userId, key: input.idempotencyKey, operation: 'wallet.redeemCode', params: { code: normaliseRedeemCode(input.code) } },
    (trx) => redeemRechargeCode(trx, { userId: input.userId, code: input.code, now: services.clock.now() }),
  );
}
