import type { Storage } from '../../storage/storage.ts';
import { appError } from '../../trpc/app-error.ts';

/** The schema admits only server-named keys; each file must also really have been uploaded. */
export async function assertRequestImagesStored(storage: Storage, keys: readonly string[]): Promise<void> {
  const present = await Promise.all(keys.map((key) => storage.exists(key)));
  if (present.some((ok) => !ok)) throw appError('VALIDATION_FAILED', { field: 'images' });
}
