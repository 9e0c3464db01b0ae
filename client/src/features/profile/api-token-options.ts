import { API_TOKEN_ADMIN_MAX_DAYS, API_TOKEN_MAX_DAYS, API_TOKEN_SCOPES, type ApiTokenScope } from '@curio/shared';

/** The lives a member may pick for a new token, in days; null: until revoked. */
export const EXPIRY_CHOICES = [null, 7, 30, 90, API_TOKEN_MAX_DAYS] as const;

/** A radio's value for an expiry choice (radios hold strings). */
export function expiryValue(days: number | null): string {
  return days === null ? 'never' : String(days);
}

export function expiryFromValue(value: string): number | null {
  return value === 'never' ? null : Number(value);
}

/** Whether a token with these scopes may have this life: the admin scope needs a short one (the schema's rule). */
export function expiryAllowed(days: number | null, scopes: readonly ApiTokenScope[]): boolean {
  if (!scopes.includes('admin')) return true;
  return days !== null && days <= API_TOKEN_ADMIN_MAX_DAYS;
}

/** Where a choice the admin scope forbids moves to when admin is ticked: the longest it allows. */
export const ADMIN_EXPIRY_FALLBACK = API_TOKEN_ADMIN_MAX_DAYS;

/** The scopes a member may tick: admin only for admins. `read` is always on. */
export function offeredScopes(isAdmin: boolean): ApiTokenScope[] {
  return API_TOKEN_SCOPES.filter((scope) => scope !== 'admin' || isAdmin);
}

/** One colour per scope, the same on the form and on a token's badges; money and the console stand out. */
export const SCOPE_COLORS: Record<ApiTokenScope, string> = {
  read: 'gray',
  trade: 'blue',
  wallet: 'orange',
  admin: 'violet',
};
