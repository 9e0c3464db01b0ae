import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import type { z } from 'zod';
import { API_TOKEN_SCOPES, type ApiTokenScope, type TCreateApiTokenInput, type ZApiTokenSummary } from '@curio/shared';
import type { AppServices } from '../../app-services.ts';
import type { ApiTokensTable, Database } from '../../db/schema.ts';
import type { Clock } from '../../clock.ts';
import { DomainError } from '../domain-error.ts';
import { generateToken, hashToken } from './tokens.ts';
import type { AuthUser } from './sessions.ts';
import { selectSessionUsers, toSessionUser } from './session-user.ts';

/** Personal API tokens for scripts: `curio_pat_<secret>`, stored hashed like sessions. */
export const API_TOKEN_PREFIX = 'curio_pat_';

export function newApiTokenSecret(): { token: string; hash: string; prefix: string } {
  const token = `${API_TOKEN_PREFIX}${generateToken()}`;
  return { token, hash: hashToken(token), prefix: token.slice(0, API_TOKEN_PREFIX.length + 6) };
}

/**
 * How finely a token's last use is kept: a call writes it only when the stored time is older,
 * so a script's calls in a burst are reads, not a write (and a disk flush) each.
 */
export const API_TOKEN_LAST_USED_PRECISION_MS = 60_000;

/** A token that still works at `now`: not revoked, and not past its expiry. */
function workingAt(now: Date) {
  return (eb: ExpressionBuilder<Database, 'api_tokens'>) =>
    eb.and([eb('api_tokens.revoked_at', 'is', null), eb.or([eb('api_tokens.expires_at', 'is', null), eb('api_tokens.expires_at', '>', now)])]);
}

/** The member behind a token and what the token may do (ADR 0044). */
export interface TokenHolder {
  user: AuthUser;
  scopes: ApiTokenScope[];
}

function knownScopes(stored: readonly string[]): ApiTokenScope[] {
  return API_TOKEN_SCOPES.filter((scope) => stored.includes(scope));
}

export async function authenticateApiToken(db: Kysely<Database>, clock: Clock, token: string): Promise<TokenHolder | null> {
  if (!token.startsWith(API_TOKEN_PREFIX)) return null;
  const now = clock.now();
  const recordedSince = new Date(now.getTime() - API_TOKEN_LAST_USED_PRECISION_MS);
  const tokenHash = hashToken(token);
  const working = workingAt(now);
  // one statement: the token's member read, and the token's use recorded when the last is older
  // (the read sees the row as it was before the statement, which is all it needs)
  const row = await selectSessionUsers(
    db.with('recorded', (db) =>
      db
        .updateTable('api_tokens')
        .set({ last_used_at: now })
        .where('token_hash', '=', tokenHash)
        .where(working)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', recordedSince)])),
    ),
  )
    .innerJoin('api_tokens', 'api_tokens.user_id', 'users.id')
    .select('api_tokens.scopes')
    .where('api_tokens.token_hash', '=', tokenHash)
    .where(working)
    .executeTakeFirst();
  const user = row ? toSessionUser(row) : null;
  return row && user ? { user, scopes: knownScopes(row.scopes) } : null;
}

type TApiTokenSummary = z.output<typeof ZApiTokenSummary>;
type TokenRow = Pick<Selectable<ApiTokensTable>, 'id' | 'name' | 'prefix' | 'scopes' | 'created_at' | 'last_used_at' | 'expires_at'>;
const SUMMARY_COLUMNS = ['id', 'name', 'prefix', 'scopes', 'created_at', 'last_used_at', 'expires_at'] as const;

function toApiTokenSummary(row: TokenRow): TApiTokenSummary {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: knownScopes(row.scopes),
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    expiresAt: row.expires_at,
  };
}

/**
 * Issues a personal API token: the secret is returned this once; only its hash is stored. An
 * unverified account cannot (ADR 0044): whoever registered someone else's address first would
 * otherwise keep a script's way in after the owner verifies it. The admin scope is for admins,
 * and the schema has already made it ask for an expiry.
 */
export async function createApiToken(
  services: AppServices,
  member: Pick<AuthUser, 'id' | 'emailVerified' | 'isAdmin'>,
  input: TCreateApiTokenInput,
): Promise<{ token: string; summary: TApiTokenSummary }> {
  if (!member.emailVerified) throw new DomainError('EMAIL_NOT_VERIFIED');
  if (input.scopes.includes('admin') && !member.isAdmin) throw new DomainError('ADMIN_REQUIRED');
  const secret = newApiTokenSecret();
  const now = services.clock.now();
  const expiresAt = input.expiresInDays === null ? null : new Date(now.getTime() + input.expiresInDays * 24 * 60 * 60 * 1000);
  const row = await services.db
    .insertInto('api_tokens')
    .values({
      user_id: member.id,
      name: input.name,
      token_hash: secret.hash,
      prefix: secret.prefix,
      scopes: input.scopes,
      created_at: now,
      expires_at: expiresAt,
    })
    .returning(SUMMARY_COLUMNS)
    .executeTakeFirstOrThrow();
  return { token: secret.token, summary: toApiTokenSummary(row) };
}

/** The member's tokens that still work, newest first. */
export async function listApiTokens(db: Kysely<Database>, memberId: string, now: Date): Promise<TApiTokenSummary[]> {
  const rows = await db
    .selectFrom('api_tokens')
    .select(SUMMARY_COLUMNS)
    .where('user_id', '=', memberId)
    .where(workingAt(now))
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toApiTokenSummary);
}

/** Revokes one of the member's own tokens; someone else's token is reported as not found. */
export async function revokeApiToken(services: AppServices, memberId: string, tokenId: string): Promise<{ ok: true }> {
  const row = await services.db
    .updateTable('api_tokens')
    .set({ revoked_at: services.clock.now() })
    .where('id', '=', tokenId)
    .where('user_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!row) throw new DomainError('API_TOKEN_NOT_FOUND');
  return { ok: true };
}

/**
 * Turns a token's wallet scope off or back on: a script that only reads and trades should not
 * be able to move money out, and its owner need not replace it to say so.
 */
export async function setApiTokenWallet(services: AppServices, memberId: string, input: { id: string; wallet: boolean }): Promise<TApiTokenSummary> {
  const row = await services.db
    .updateTable('api_tokens')
    .set((eb) => ({
      // removed first either way, so turning it on twice still lists it once
      scopes: input.wallet
        ? sql<string[]>`array_append(array_remove(${eb.ref('scopes')}, 'wallet'), 'wallet')`
        : sql<string[]>`array_remove(${eb.ref('scopes')}, 'wallet')`,
    }))
    .where('id', '=', input.id)
    .where('user_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .returning(SUMMARY_COLUMNS)
    .executeTakeFirst();
  if (!row) throw new DomainError('API_TOKEN_NOT_FOUND');
  return toApiTokenSummary(row);
}
