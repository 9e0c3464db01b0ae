import './zod-config.ts';
import { z } from 'zod';
import { LIMITS } from '../rules/limits.ts';

/** What an uploaded image is for; each purpose has its own byte cap and key folder. */
export const UPLOAD_PURPOSES = ['avatar', 'listing', 'proof'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
export const ZUploadPurpose = z.enum(UPLOAD_PURPOSES);

/** Largest file the upload route accepts for each purpose, before re-encoding. */
export const UPLOAD_MAX_BYTES: Record<UploadPurpose, number> = {
  avatar: LIMITS.avatarMaxBytes,
  listing: 5 * 1024 * 1024,
  proof: LIMITS.proofImageMaxBytes,
};

/** Image formats each purpose takes, by their MIME subtype (rule I-15); the server checks the bytes, the browser the type. */
export const UPLOAD_FORMATS: Record<UploadPurpose, readonly ImageFormat[]> = {
  avatar: ['jpeg', 'png', 'webp', 'gif', 'avif'],
  listing: ['jpeg', 'png', 'webp', 'gif', 'avif'],
  proof: ['jpeg', 'png', 'webp'],
};
export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

/**
 * Keys are named by the server, never by the uploader: `<purpose>/<yyyy>/<mm>/<uuid>.webp`.
 * Procedures that take image keys validate them with this, so a key cannot point anywhere else.
 */
export const UPLOAD_KEY_PATTERN = /^(avatar|listing|proof)\/\d{4}\/(0[1-9]|1[0-2])\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

export const ZUploadKey = z.string().regex(UPLOAD_KEY_PATTERN, { error: 'VALIDATION_FAILED' });

export const ZUploadResult = z.object({ key: ZUploadKey, url: z.string() });
export type TUploadResult = z.infer<typeof ZUploadResult>;

/** The public URL of a stored upload. */
export function uploadUrl(key: string): string {
  return `/uploads/${key}`;
}
