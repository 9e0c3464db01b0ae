/**
 * What a personal API token may do (ADR 0044). A member picks the scopes when creating the token;
 * every procedure names the scope it needs through its builder (server/src/trpc/init.ts), so a
 * script holding a stolen or careless token can do no more than its owner allowed:
 *
 * - `read`: every query. Always granted: a token that can do nothing is no token.
 * - `trade`: a member's changes that keep money inside Curio (listings, offers, purchases into
 *   escrow, chat, reviews, follows).
 * - `wallet`: money leaving the account: transfers, withdrawals, tips, points redemption.
 * - `admin`: the admin console's procedures; only for admins, only when asked for, and only
 *   with an expiry of at most `API_TOKEN_ADMIN_MAX_DAYS`.
 */
export const API_TOKEN_SCOPES = ['read', 'trade', 'wallet', 'admin'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** The scopes a token has unless the member asks for others: what a script acting for them usually needs. */
export const DEFAULT_API_TOKEN_SCOPES: readonly ApiTokenScope[] = ['read', 'trade'];

/** The longest life of a token with the admin scope: an admin's forgotten script must not hold the console for ever. */
export const API_TOKEN_ADMIN_MAX_DAYS = 30;
/** The longest life a member may choose for any token (no choice: it never expires). */
export const API_TOKEN_MAX_DAYS = 365;

/**
 * Which procedures a scope opens, as data: the builder a procedure is made with (its access
 * level) and the kind of call decide the scope a token needs. A browser session needs none.
 */
export const TOKEN_SCOPE_BY_ACCESS = {
  member: { query: 'read', subscription: 'read', mutation: 'trade' },
  wallet: { query: 'read', subscription: 'read', mutation: 'wallet' },
  admin: { query: 'admin', subscription: 'admin', mutation: 'admin' },
} as const satisfies Record<string, Record<'query' | 'mutation' | 'subscription', ApiTokenScope>>;

export type ProcedureAccess = keyof typeof TOKEN_SCOPE_BY_ACCESS;

export function scopeNeeded(access: ProcedureAccess, type: 'query' | 'mutation' | 'subscription'): ApiTokenScope {
  return TOKEN_SCOPE_BY_ACCESS[access][type];
}
