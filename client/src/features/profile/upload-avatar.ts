import { isAppErrorCode, LIMITS, type AppErrorCode } from '@curio/shared';

/** A failed upload with the server's app code, or null when the server gave none (network, 5xx page). */
export class AvatarUploadError extends Error {
  constructor(readonly code: AppErrorCode | null) {
    super(code ?? 'AVATAR_UPLOAD_FAILED');
    this.name = 'AvatarUploadError';
  }
}

/** Why a picked file cannot be an avatar (spec 1 §5: an image under 2 MB), or null when it can. */
export function avatarFileProblem(file: File): 'notAnImage' | 'tooLarge' | null {
  if (!file.type.startsWith('image/')) return 'notAnImage';
  if (file.size >= LIMITS.avatarMaxBytes) return 'tooLarge';
  return null;
}

/**
 * Sends the image to the upload route (multipart, same-origin cookie); the returned key is what
 * profile.update accepts. The server checks the real format by its bytes and re-encodes it.
 */
export async function uploadAvatar(file: File): Promise<{ key: string; url: string }> {
  const body = new FormData();
  body.append('file', file);
  let response: Response;
  try {
    response = await fetch('/api/uploads?purpose=avatar', { method: 'POST', body, credentials: 'same-origin' });
  } catch {
    throw new AvatarUploadError(null);
  }
  const payload = (await response.json().catch(() => null)) as
    | { key?: unknown; url?: unknown; error?: { code?: unknown } }
    | null;
  if (response.ok && typeof payload?.key === 'string' && typeof payload.url === 'string') {
    return { key: payload.key, url: payload.url };
  }
  const code = payload?.error?.code;
  throw new AvatarUploadError(isAppErrorCode(code) ? code : null);
}
