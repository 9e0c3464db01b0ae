import { randomUUID } from 'node:crypto';
import { UPLOAD_KEY_PATTERN, type UploadPurpose } from '@curio/shared';

/** Every stored image is re-encoded to WebP, so one extension and one content type. */
export const STORED_IMAGE_CONTENT_TYPE = 'image/webp';

export function isStorageKey(key: string): boolean {
  return UPLOAD_KEY_PATTERN.test(key);
}

/** What every store checks before it touches a key: only names the server made reach it. */
export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new InvalidStorageKeyError(key);
}

/** What every store checks before it writes: uploads are re-encoded, so anything else is a bug upstream. */
export function assertStoredContentType(contentType: string): void {
  if (contentType !== STORED_IMAGE_CONTENT_TYPE) {
    throw new Error(`this store keeps ${STORED_IMAGE_CONTENT_TYPE} only, got ${contentType}`);
  }
}

/** `<purpose>/<yyyy>/<mm>/<random uuid>.webp`, month folders in UTC. */
export function newUploadKey(purpose: UploadPurpose, now: Date): string {
  const year = String(now.getUTCFullYear()).padStart(4, '0');
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${purpose}/${year}/${month}/${randomUUID()}.webp`;
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`invalid storage key: ${JSON.stringify(key.slice(0, 120))}`);
    this.name = 'InvalidStorageKeyError';
  }
}
