import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import type { ZApiTokenSummary } from '@curio/shared';
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

export async function authenticateApiToken(db: Kysely<Database>, clock: Clock, token: string): Promise<AuthUser | null> {
  if (!token.startsWith(API_TOKEN_PREFIX)) return null;
  const now = clock.now();
  const recordedSince = new Date(now.getTime() - API_TOKEN_LAST_USED_PRECISION_MS);
  const tokenHash = hashToken(token);
  // one statement: the token's member read, and the token's use recorded when the last is older
  // (the read sees the row as it was before the statement, which is all it needs)
  const row = await selectSessionUsers(
    db.with('recorded', (db) =>
      db
        .updateTable('api_tokens')
        .set({ last_used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', recordedSince)])),
    ),
  )
    .innerJoin('api_tokens', 'api_tokens.user_id', 'users.id')
    .where('api_tokens.token_hash', '=', tokenHash)
    .where('api_tokens.revoked_at', 'is', null)
    .executeTakeFirst();
  return row ? toSessionUser(row) : null;
}

type TApiTokenSummary = z.output<typeof ZApiTokenSummary>;
type TokenRow = Pick<Selectable<ApiTokensTable>, 'id' | 'name' | 'prefix' | 'created_at' | 'last_used_at'>;

function toApiTokenSummary(row: TokenRow): TApiTokenSummary {
  return { id: row.id, name: row.name, prefix: row.prefix, createdAt: row.created_at, lastUsedAt: row.last_used_at };
}

/** Issues a personal API token: the secret is returned this once; only its hash is stored. */
export async function createApiToken(services: AppServices, memberId: string, name: string): Promise<{ token: string; summary: TApiTokenSummary }> {
  const secret = newApiTokenSecret();
  const row = await services.db
    .insertInto('api_tokens')
    .values({ user_id: memberId, name, token_hash: secret.hash, prefix: secret.prefix, created_at: services.clock.now() })
    .returning(['id', 'name', 'prefix', 'created_at', 'last_used_at'])
    .executeTakeFirstOrThrow();
  return { token: secret.token, summary: toApiTokenSummary(row) };
}

/** The member's tokens that still work, newest first. */
export async function listApiTokens(db: Kysely<Database>, memberId: string): Promise<TApiTokenSummary[]> {
  const rows = await db
    .selectFrom('api_tokens')
    .select(['id', 'name', 'prefix', 'created_at', 'last_used_at'])
    .where('user_id', '=', memberId)
    .where('revoked_at', 'is', null)
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
