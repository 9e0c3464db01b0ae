import type { Kysely } from 'kysely';
import { formatWalletAmount, isUsableDepositAddress, settingAmountToCents, type TDepositInfo } from '@curio/shared';
import type { Database } from '../../db/schema.ts';
import type { AppServices } from '../../app-services.ts';
import type { Tx } from '../../db/transaction.ts';
import { storageFor } from '../../storage/storage-for.ts';
import { runMoneyCommand } from '../ledger/money-command.ts';
import { assertOwnUploads } from '../uploads/own-uploads.ts';
import { getSettings } from '../settings/settings.ts';
import { DomainError } from '../domain-error.ts';

/** The USDT tab's facts from the settings; an address of 20 characters or fewer counts as missing (rule W-6). */
export async function getDepositInfo(db: Kysely<Database>): Promise<TDepositInfo> {
  const settings = await getSettings(db, ['usdt_solana_address', 'usdt_min_recharge', 'usdt_recharge_rate']);
  const address = settings.usdt_solana_address.trim();
  return {
    address: isUsableDepositAddress(address) ? address : null,
    minUsdtCents: settingAmountToCents(settings.usdt_min_recharge),
    rate: settings.usdt_recharge_rate,
  };
}

export interface CreateUsdtRechargeInput {
  userId: string;
  amountCents: number;
  transactionHash: string | undefined;
  proofImages: string[];
  now: Date;
}

/**
 * Records a USDT top-up request as pending (rules W-6 and W-7); no money moves until an admin approves
 * it (resolve-usdt-recharge.ts). The same rules as the form, enforced here: a configured
 * address, at least the minimum, and a hash or at least one proof image.
 */
export async function createUsdtRecharge(trx: Tx, input: CreateUsdtRechargeInput): Promise<{ id: string }> {
  const info = await getDepositInfo(trx);
  if (info.address === null) throw new DomainError('DEPOSIT_ADDRESS_MISSING');
  if (input.amountCents < info.minUsdtCents) {
    throw new DomainError('RECHARGE_BELOW_MINIMUM', { min: formatWalletAmount(info.minUsdtCents) });
  }
  if (!input.transactionHash && input.proofImages.length === 0) throw new DomainError('RECHARGE_PROOF_REQUIRED');
  // proofs must be images uploaded as proofs, not someone's avatar or a listing photo
  if (input.proofImages.some((key) => !key.startsWith('proof/'))) throw new DomainError('VALIDATION_FAILED');
  const row = await trx
    .insertInto('usdt_recharge_requests')
    .values({
      user_id: input.userId,
      usdt_amount_cents: input.amountCents,
      status: 'pending',
      transaction_hash: input.transactionHash ?? null,
      payment_proof: [...new Set(input.proofImages)],
      created_at: input.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id };
}

/**
 * The member submits a USDT top-up for review, once per idempotency key. The proof images must
 * be the member's own uploads (ADR 0021). No balance moves until an admin approves it.
 */
export async function submitUsdtRecharge(
  services: AppServices,
  input: Omit<CreateUsdtRechargeInput, 'now'> & { idempotencyKey: string },
): Promise<{ id: string }> {
  const { idempotencyKey, userId, ...params } = input;
  await assertOwnUploads(services.db, storageFor(services), {
    userId,
    keys: params.proofImages,
    error: 'VALIDATION_FAILED',
    params: { field: 'proofImages' },
  });
  const { id } = await runMoneyCommand(services, { userId, key: idempotencyKey, operation: 'wallet.createUsdtRecharge', params }, async (trx) => ({
    ...(await createUsdtRecharge(trx, { userId, ...params, now: services.clock.now() })),
    affectedUserIds: [],
  }));
  return { id };
}
