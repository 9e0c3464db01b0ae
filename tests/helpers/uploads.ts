import type { UploadPurpose } from '@curio/shared';
import type { AppServices } from '../../server/src/app-services.ts';
import { newUploadKey } from '../../server/src/storage/keys.ts';
import { storageFor } from '../../server/src/storage/storage-for.ts';
import { recordUpload } from '../../server/src/domain/uploads/own-uploads.ts';

/**
 * Stores a (tiny, already re-encoded) image as `ownerId`'s upload, the way the upload route
 * does: the file, and the record that only its owner may attach it (ADR 0021).
 */
export async function storedUpload(services: AppServices, ownerId: string, purpose: UploadPurpose = 'listing'): Promise<string> {
  const key = newUploadKey(purpose, services.clock.now());
  await storageFor(services).put(key, Buffer.from('RIFF'), 'image/webp');
  await recordUpload(services.db, key, ownerId);
  return key;
}
