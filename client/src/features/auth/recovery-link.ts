/**
 * The reset e-mail links to /reset-password#access_token=...&type=recovery (rule A-9). The
 * token travels in the fragment so it never reaches a server log or a Referer header.
 */
export function recoveryTokenOf(hash: string): string | null {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const token = params.get('access_token');
  return token && params.get('type') === 'recovery' ? token : null;
}

/** The verification e-mail links to /verify-email#token=...; the same reasoning keeps it in the fragment. */
export function verificationTokenOf(hash: string): string | null {
  const token = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash).get('token');
  return token || null;
}
