import { isAppErrorCode, LIMITS, type AppErrorCode } from '@curio/shared';

/** spec 2 §5: proof images are JPG, JPEG, PNG or WEBP, each at most 5 MB. */
export const PROOF_IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';
const PROOF_EXTENSIONS = /\.(jpe?g|png|webp)$/i;

export type ProofProblem = 'format' | 'size';

/** Why a picked file cannot be a payment proof, or null. Both the type and the name must fit. */
export function proofImageProblem(file: File): ProofProblem | null {
  if (!PROOF_IMAGE_ACCEPT.split(',').includes(file.type) || !PROOF_EXTENSIONS.test(file.name)) return 'format';
  if (file.size > LIMITS.proofImageMaxBytes) return 'size';
  return null;
}

export class ProofUploadError extends Error {
  constructor(readonly code: AppErrorCode) {
    super(code);
    this.name = 'ProofUploadError';
  }
}

/** Sends one proof image to the upload route (purpose proof); the server checks and re-encodes it. */
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
  if (response.ok && typeof payload?.key === 'string' && typeof payload.url === 'string') return { key: payload.key, url: payload.url };
  const code = payload?.error?.code;
  throw new ProofUploadError(isAppErrorCode(code) ? code : 'OPERATION_FAILED');
}
