import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { ZApiTokenSummary } from '@curio/shared';
import type { ApiTokensTable } from '../../../db/schema.ts';

export type TApiTokenSummary = z.infer<typeof ZApiTokenSummary>;

export function toApiTokenSummary(
  row: Pick<Selectable<ApiTokensTable>, 'id' | 'name' | 'prefix' | 'created_at' | 'last_used_at'>,
): TApiTokenSummary {
  return { id: row.id, name: row.name, prefix: row.prefix, createdAt: row.created_at, lastUsedAt: row.last_used_at };
}
