import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import type { ZApiTokenSummary } from '@curio/shared';
import type { AppServices } from '../../app-services.ts';
import type { ApiTokensTable, Database } from '../../db/schema.ts';
import type { Clock } from '../../clock.ts';
import { DomainError } from '../domain-error.ts';
import { generateToken, hashToken } from './tokens.ts';
import type { AuthUser } from './sessions.ts';
import { SESSION_USER_COLUMNS, toSessionUser } from './session-user.ts';

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
  // one statement: the token and its member read together, its use recorded when the last is older
  const row = await db
    .with('token', (db) =>
      db.selectFrom('api_tokens').select(['id', 'user_id', 'last_used_at']).where('token_hash', '=', hashToken(token)).where('revoked_at', 'is', null),
    )
    .with('recorded', (db) =>
      db
        .updateTable('api_tokens')
        .set({ last_used_at: now })
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('token')
            .select('token.id')
            .where((eb) => eb.or([eb('token.last_used_at', 'is', null), eb('token.last_used_at', '<=', recordedSince)])),
        ),
    )
    .selectFrom('token')
    .innerJoin('users', 'users.id', 'token.user_id')
    .leftJoin('profiles', 'profiles.user_id', 'users.id')
    .leftJoin('user_bans', (join) => join.onRef('user_bans.user_id', '=', 'users.id').on('user_bans.status', '=', 'active'))
    .leftJoin('user_roles', (join) => join.onRef('user_roles.user_id', '=', 'users.id').on('user_roles.role', '=', 'admin'))
    .select(SESSION_USER_COLUMNS)
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
