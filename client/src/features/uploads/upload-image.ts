import { isAppErrorCode, UPLOAD_FORMATS, UPLOAD_MAX_BYTES, type AppErrorCode, type UploadPurpose } from '@curio/shared';

/** The MIME types a file picker offers for `purpose`: the formats the upload route takes (rule I-15). */
export const IMAGE_ACCEPT = Object.fromEntries(
  Object.entries(UPLOAD_FORMATS).map(([purpose, formats]) => [purpose, formats.map((format) => `image/${format}`).join(',')]),
) as Record<UploadPurpose, string>;

/** Why a picked file cannot be uploaded for `purpose`, as an app error code, or null when it can. */
export function imageProblem(file: File, purpose: UploadPurpose): AppErrorCode | null {
  if (!IMAGE_ACCEPT[purpose].split(',').includes(file.type)) return 'UPLOAD_NOT_AN_IMAGE';
  if (file.size > UPLOAD_MAX_BYTES[purpose]) return 'UPLOAD_TOO_LARGE';
  return null;
}

/** A failed upload with the server's app code, or null when the server gave none (network, 5xx page). */
export class ImageUploadError extends Error {
  readonly code: AppErrorCode | null;

  constructor(code: AppErrorCode | null) {
    super(code ?? 'UPLOAD_FAILED');
    this.name = 'ImageUploadError';
    this.code = code;
  }
}

/**
 * Sends one image to the upload route (multipart, same-origin cookie). The server checks the
 * real format by its bytes, re-encodes it and names the key that procedures then accept.
 */
export async function uploadImage(file: File, purpose: UploadPurpose): Promise<{ key: string; url: string }> {
  const body = new FormData();
  body.append('file', file);
  let response: Response;
  try {
    response = await fetch(`/api/uploads?purpose=${purpose}`, { method: 'POST', body, credentials: 'same-origin' });
  } catch {
    throw new ImageUploadError(null);
  }
  const payload = (await response.json().catch(() => null)) as { key?: unknown; url?: unknown; error?: { code?: unknown } } | null;
  if (response.ok && typeof payload?.key === 'string' && typeof payload.url === 'string') {
    return { key: payload.key, url: payload.url };
  }
  const code = payload?.error?.code;
  throw new ImageUploadError(isAppErrorCode(code) ? code : null);
}
