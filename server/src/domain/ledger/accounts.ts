import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { DomainError } from '../domain-error.ts';

export type Currency = 'usdn' | 'points';
export const CURRENCIES: readonly Currency[] = ['usdn', 'points'];

export type SystemAccount = 'issuance' | 'escrow' | 'fees' | 'withdrawals' | 'rewards';

/** Who a transfer leg belongs to: a user's available (default) or held balance, or a system account. */
export type AccountRef = { user: string; kind?: 'available' | 'held' } | { system: SystemAccount };

/** The row identity of an account: ledger_accounts is unique on (currency, kind, user_id). */
export interface AccountKey {
  kind: 'user_available' | 'user_held' | SystemAccount;
  userId: string | null;
}

export function accountKey(ref: AccountRef): AccountKey {
  if ('system' in ref) return { kind: ref.system, userId: null };
  return { kind: ref.kind === 'held' ? 'user_held' : 'user_available', userId: ref.user };
}

function sameKey(a: AccountKey, b: AccountKey): boolean {
  return a.kind === b.kind && a.userId === b.userId;
}

async function findAccountIds(
  db: Kysely<Database>,
  currency: Currency,
  keys: AccountKey[],
): Promise<Array<{ id: number; kind: string; user_id: string | null }>> {
  return db
    .selectFrom('ledger_accounts')
    .select(['id', 'kind', 'user_id'])
    .where('currency', '=', currency)
    .where((eb) =>
      eb.or(keys.map((key) => eb.and([eb('kind', '=', key.kind), key.userId === null ? eb('user_id', 'is', null) : eb('user_id', '=', key.userId)]))),
    )
    .execute();
}

/**
 * The ids of the given accounts, creating missing ones. Accounts are created lazily so a user
 * who never touched money has no rows; ON CONFLICT DO NOTHING lets two transactions that
 * create the same account at once both succeed (the second waits for the first, then reads it).
 */
export async function resolveAccountIds(db: Kysely<Database>, currency: Currency, keys: AccountKey[]): Promise<number[]> {
  const lookup = (rows: Array<{ id: number; kind: string; user_id: string | null }>, key: AccountKey) =>
    rows.find((row) => sameKey({ kind: row.kind as AccountKey['kind'], userId: row.user_id }, key))?.id;

  let rows = await findAccountIds(db, currency, keys);
  const missing = keys.filter((key) => lookup(rows, key) === undefined);
  if (missing.length > 0) {
    try {
      await db
        .insertInto('ledger_accounts')
        .values(missing.map((key) => ({ currency, kind: key.kind, user_id: key.userId })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    } catch (error) {
      // 23503: the user id names no user; a caller bug, but never a 500 with SQL in it
      if ((error as { code?: unknown }).code === '23503') throw new DomainError('USER_NOT_FOUND');
      throw error;
    }
    rows = await findAccountIds(db, currency, keys);
  }
  return keys.map((key) => {
    const id = lookup(rows, key);
    if (id === undefined) throw new Error(`ledger account ${currency}/${key.kind}/${key.userId} could not be created`);
    return id;
  });
}

/**
 * Locks the user accounts of a transfer with SELECT ... FOR UPDATE in ascending id order,
 * whatever its direction, so two transfers between the same accounts in opposite directions
 * queue instead of deadlocking (PostgreSQL's LockRows runs above the sort, so rows lock in
 * order). System accounts are never locked: they carry no cached balance (ADR 0022).
 */
export async function lockAccounts(db: Kysely<Database>, ids: number[]): Promise<Map<number, { id: number; balance: number; user_id: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('ledger_accounts').select(['id', 'balance', 'user_id']).where('id', 'in', ids).orderBy('id').forUpdate().execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** A change to one user account's cached balance. */
export interface BalanceLeg {
  id: number;
  delta: number;
}

/** One statement moves every user leg, so there is no moment where only half is written. */
export async function applyLegs(db: Kysely<Database>, legs: BalanceLeg[]): Promise<void> {
  if (legs.length === 0) return;
  const deltas = sql.join(
    legs.map((leg) => sql`WHEN ${leg.id}::bigint THEN ${leg.delta}::bigint`),
    sql` `,
  );
  await db
    .updateTable('ledger_accounts')
    .set({ balance: sql<number>`balance + CASE id ${deltas} END` })
    .where(
      'id',
      'in',
      legs.map((leg) => leg.id),
    )
    .execute();
}
