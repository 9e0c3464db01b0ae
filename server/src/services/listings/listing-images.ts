import type { Storage } from '../../storage/storage.ts';
import { appError } from '../../trpc/app-error.ts';

/**
 * The schema admits only server-named listing keys; the files must also really be there, or a
 * listing would point at images nobody uploaded.
 */
export async function assertImagesStored(storage: Storage, keys: readonly string[]): Promise<void> {
  const present = await Promise.all(keys.map((key) => storage.exists(key)));
  if (present.some((exists) => !exists)) throw appError('LISTING_IMAGE_MISSING');
}
