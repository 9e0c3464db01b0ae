import { ZUuid } from '@curio/shared';

/** localStorage key of the inviter remembered from a `?ref=<userId>` link until the visitor signs up. */
export const REFERRER_STORAGE_KEY = 'referrer_id';

/**
 * Remembers the referrer of a `?ref=<userId>` link (rule S-4) so a later sign-up can
 * credit the inviter. Anything that is not a user id is ignored, so a mangled link cannot make
 * the sign-up call fail validation.
 */
export function captureReferrer(searchParams: URLSearchParams): void {
  const ref = searchParams.get('ref');
  if (!ref || !ZUuid.safeParse(ref).success) return;
  try {
    localStorage.setItem(REFERRER_STORAGE_KEY, ref);
  } catch {
    // storage blocked: the referral is simply not remembered
  }
}

export function storedReferrer(): string | null {
  try {
    const value = localStorage.getItem(REFERRER_STORAGE_KEY);
    return value && ZUuid.safeParse(value).success ? value : null;
  } catch {
    return null;
  }
}

export function clearStoredReferrer(): void {
  try {
    localStorage.removeItem(REFERRER_STORAGE_KEY);
  } catch {
    // storage blocked: nothing was stored either
  }
}
