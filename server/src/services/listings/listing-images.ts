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

/**
 * Removes images a committed change no longer references. The database change already
 * happened, so a storage failure is logged rather than reported as a failed request: an orphan
 * file costs disk space, a failed request after a commit would make the user retry a done action.
 */
export async function deleteImagesQuietly(storage: Storage, keys: readonly string[]): Promise<void> {
  await Promise.all(
    keys.map(async (key) => {
      try {
        await storage.delete(key);
      } catch (error) {
        console.error('[listings] image not removed from storage:', key, error instanceof Error ? error.message : error);
      }
    }),
  );
}
