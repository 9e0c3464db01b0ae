/** Shared with the buying-request pages: one key per browser session for every view count. */
const STORAGE_KEY = 'curio.visitorKey';

/**
 * The visitor's per-session key (rule L-14: a visitor's view counts once per browser
 * session). Null when session storage is blocked; such a visit is not counted.
 */
export function sessionVisitorKey(): string | null {
  try {
    let key = sessionStorage.getItem(STORAGE_KEY);
    if (!key) {
      key = crypto.randomUUID();
      sessionStorage.setItem(STORAGE_KEY, key);
    }
    return key;
  } catch {
    return null;
  }
}
