import { UPLOAD_KEY_PATTERN, uploadUrl } from '@curio/shared';
import { DomainError } from '../domain-error.ts';

/**
 * Whose profile a read is about: the given user, or the signed-in viewer when none is given
 * (a visitor must name a user, else LOGIN_REQUIRED sends them to sign in).
 */
export function resolveProfileTarget(viewerId: string | null, requested: string | undefined): { userId: string; isOwn: boolean } {
  const userId = requested ?? viewerId;
  if (!userId) throw new DomainError('LOGIN_REQUIRED');
  return { userId, isOwn: userId === viewerId };
}

export function avatarUrlOf(key: string | null): string | null {
  return key ? uploadUrl(key) : null;
}

/**
 * An activity's image as a URL: publishers store the upload key of the cover; anything that
 * is not one of our keys or upload URLs is dropped rather than shown.
 */
export function activityImageUrl(image: unknown): string | null {
  if (typeof image !== 'string') return null;
  if (UPLOAD_KEY_PATTERN.test(image)) return uploadUrl(image);
  const key = image.startsWith('/uploads/') ? image.slice('/uploads/'.length) : null;
  return key && UPLOAD_KEY_PATTERN.test(key) ? image : null;
}
