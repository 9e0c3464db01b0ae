import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { DomainError } from '../domain-error.ts';

/**
 * Accepts a type when it survives JSON unchanged (undefined members drop out, as in JSON), so a
 * retry's stored response equals the first one. Interfaces pass too, unlike an index-signature
 * JSON type; a Date, Map, bigint or function anywhere inside makes the constraint fail.
 */
export type JsonSafe<T> = T extends string | number | boolean | null | undefined
  ? T
  : T extends Date | Map<unknown, unknown> | Set<unknown> | bigint | symbol | ((...args: never[]) => unknown)
    ? never
    : T extends readonly (infer Item)[]
      ? readonly JsonSafe<Item>[]
      : T extends object
        ? { [K in keyof T]: JsonSafe<T[K]> }
        : never;

export interface IdempotencyRequest {
  userId: string;
  /** Client-generated, unique per user (ZIdempotencyKey in @curio/shared). */
  key: string;
  /** The mutation's name, e.g. 'wallet.transfer': the same key for another operation is a conflict. */
  operation: string;
  /** The request's parameters as the client sent them (after validation); hashed, not stored. */
  params: unknown;
}

/** JSON with object keys sorted, so { a, b } and { b, a } hash alike; undefined members drop out as in JSON. */
export function canonicalJson(value: unknown): string {
  return (
    JSON.stringify(value, (_key, member: unknown) => {
      if (member && typeof member === 'object' && !Array.isArray(member)) {
        return Object.fromEntries(Object.entries(member as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
      }
      return member;
    }) ?? 'null'
  );
}

export function requestHash(params: unknown): string {
  return createHash('sha256').update(canonicalJson(params)).digest('hex');
}

/**
 * Runs a money mutation at most once per (user, key) (engineering rule E-4). The key row is
 * inserted first, inside the caller's transaction: a concurrent duplicate blocks on the primary
 * key until this transaction ends, then sees the committed row and gets the stored response (or
 * proceeds, if this one rolled back). The same key with other parameters or another operation is
 * IDEMPOTENCY_CONFLICT. A failed `work` rolls the key back with everything else, so a request
 * that failed may be retried with the same key; only successes are remembered.
 *
 * Under REPEATABLE READ or SERIALIZABLE the blocked duplicate fails with a serialization
 * error instead, which runInTransaction retries into the read-committed-like path above.
 */
export async function withIdempotency<T>(trx: Transaction<Database>, request: IdempotencyRequest, work: () => Promise<T & JsonSafe<T>>): Promise<T> {
  const hash = requestHash(request.params ?? null);
  const claimed = await trx
    .insertInto('idempotency_keys')
    .values({
      user_id: request.userId,
      key: request.key,
      operation: request.operation,
      request_hash: hash,
      // replaced below before commit; no other transaction can see this row until then
      response: 'null',
    })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();

  if (!claimed) {
    const existing = await trx
      .selectFrom('idempotency_keys')
      .select(['operation', 'request_hash', 'response'])
      .where('user_id', '=', request.userId)
      .where('key', '=', request.key)
      .executeTakeFirst();
    if (!existing) throw new Error('idempotency key conflicted but cannot be read');
    if (existing.operation !== request.operation || existing.request_hash !== hash) {
      throw new DomainError('IDEMPOTENCY_CONFLICT');
    }
    return existing.response as T;
  }

  const result = await work();
  const stored = canonicalJson(result);
  await trx.updateTable('idempotency_keys').set({ response: stored }).where('user_id', '=', request.userId).where('key', '=', request.key).execute();
  // the first caller gets exactly what a retry will get: the stored JSON, not a live object
  return JSON.parse(stored) as T;
}
