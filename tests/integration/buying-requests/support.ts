import type { TCreateBuyingRequestInput } from '@curio/shared';
import { callerFor, type TestServices } from '../../helpers/services.ts';
import { insertTestUser } from '../../helpers/users.ts';
import { storageFor } from '../../../server/src/storage/storage-for.ts';
import { newUploadKey } from '../../../server/src/storage/keys.ts';

/** A signed-in member: the user row and a caller acting as them. */
export async function member(services: TestServices, nickname?: string) {
  const user = await insertTestUser(services.db, nickname ? { nickname } : {});
  return { user, api: await callerFor(services, user.id) };
}

/** Stores a (tiny, already re-encoded) listing image the way the upload route would. */
export async function storedListingImage(services: TestServices): Promise<string> {
  const key = newUploadKey('listing', services.clock.now());
  await storageFor(services).put(key, Buffer.from('RIFF'), 'image/webp');
  return key;
}

export function requestInput(overrides: Partial<TCreateBuyingRequestInput> = {}): TCreateBuyingRequestInput {
  return {
    title: 'Looking for a 1970s Seiko diver',
    description: 'Original dial, working movement, any strap.',
    category: 'goods',
    budgetMinCents: 10_000,
    budgetMaxCents: 50_000,
    ...overrides,
  };
}
