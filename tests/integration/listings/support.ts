import type { TCreateListingInput } from '@curio/shared';
import { transfer } from '../../../server/src/domain/ledger/index.ts';
import { runInTransaction } from '../../../server/src/db/transaction.ts';
import { storageFor } from '../../../server/src/storage/storage-for.ts';
import type { TestServices } from '../../helpers/services.ts';

/** Gives a member points the way a check-in would, so publishing can charge its fee. */
export async function fundPoints(services: TestServices, userId: string, points: number): Promise<void> {
  await runInTransaction(services.db, (trx) =>
    transfer(trx, { currency: 'points', from: { system: 'rewards' }, to: { user: userId }, amount: points, kind: 'checkin' }),
  );
}

export function imageExists(services: TestServices, key: string): Promise<boolean> {
  return storageFor(services).exists(key);
}

export function listingInput(overrides: Partial<TCreateListingInput> = {}): TCreateListingInput {
  return {
    title: 'Hand-bound notebook',
    description: 'A notebook bound by hand with linen thread.',
    category: 'goods',
    unit: 'piece',
    quantity: 3,
    priceCents: 2500,
    ...overrides,
  };
}
