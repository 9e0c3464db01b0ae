import { isAppErrorCode, UPLOAD_MAX_BYTES, type AppErrorCode } from '@curio/shared';

/** Formats the upload route re-encodes; anything else is refused before it leaves the browser. */
export const LISTING_IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,image/avif';

/** Why a picked file cannot be a listing image, as an app error code, or null when it can. */
export function listingImageProblem(file: File): AppErrorCode | null {
  if (!LISTING_IMAGE_ACCEPT.split(',').includes(file.type)) return 'UPLOAD_NOT_AN_IMAGE';
  if (file.size > UPLOAD_MAX_BYTES.listing) return 'UPLOAD_TOO_LARGE';
  return null;
}

export class ListingImageUploadError extends Error {
  constructor(readonly code: AppErrorCode) {
    super(code);
    this.name = 'ListingImageUploadError';
  }
}

/** Sends one image to the upload route; the server checks its bytes, re-encodes it and names the key. */
export async function uploadListingImage(file: File): Promise<{ key: string; url: string }> {
  const body = new FormData();
  body.append('file', file);
  let response: Response;
  try {
    response = await fetch('/api/uploads?purpose=listing', { method: 'POST', body, credentials: 'same-origin' });
  } catch {
    throw new ListingImageUploadError('OPERATION_FAILED');
  }
  const payload = (await response.json().catch(() => null)) as { key?: unknown; url?: unknown; error?: { code?: unknown } } | null;
  if (response.ok && typeof payload?.key === 'string' && typeof payload.url === 'string') {
    return { key: payload.key, url: payload.url };
  }
  const code = payload?.error?.code;
  throw new ListingImageUploadError(isAppErrorCode(code) ? code : 'OPERATION_FAILED');
}
