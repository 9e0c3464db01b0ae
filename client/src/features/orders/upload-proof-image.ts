import { isAppErrorCode, UPLOAD_MAX_BYTES, type AppErrorCode } from '@curio/shared';

/** Formats the upload route re-encodes; anything else is refused before it leaves the browser. */
export const PROOF_IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp';

/** Why a picked file cannot be complaint evidence, as an app error code, or null when it can. */
export function proofImageProblem(file: File): AppErrorCode | null {
  if (!PROOF_IMAGE_ACCEPT.split(',').includes(file.type)) return 'UPLOAD_NOT_AN_IMAGE';
  if (file.size > UPLOAD_MAX_BYTES.proof) return 'UPLOAD_TOO_LARGE';
  return null;
}

export class ProofUploadError extends Error {
  constructor(readonly code: AppErrorCode) {
    super(code);
    this.name = 'ProofUploadError';
  }
}

/**
 * Sends one evidence image to the upload route with purpose proof (the same route as listing
 * photos, with the proof size cap and key folder); the server checks the bytes and names the key.
 */
export async function uploadProofImage(file: File): Promise<{ key: string; url: string }> {
  const body = new FormData();
  body.append('file', file);
  let response: Response;
  try {
    response = await fetch('/api/uploads?purpose=proof', { method: 'POST', body, credentials: 'same-origin' });
  } catch {
    throw new ProofUploadError('OPERATION_FAILED');
  }
  const payload = (await response.json().catch(() => null)) as { key?: unknown; url?: unknown; error?: { code?: unknown } } | null;
  if (response.ok && typeof payload?.key === 'string' && typeof payload.url === 'string') {
    return { key: payload.key, url: payload.url };
  }
  const code = payload?.error?.code;
  throw new ProofUploadError(isAppErrorCode(code) ? code : 'OPERATION_FAILED');
}
