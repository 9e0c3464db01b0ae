import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../../../server/src/db/schema.ts';
import { formatLedgerReport, getBalances, verifyLedger } from '../../../server/src/domain/ledger/index.ts';

export { appCodeOf as codeOf, failure } from '../../helpers/app-errors.ts';

export const key = () => `test-${randomUUID()}`;

export async function usdnOf(db: Kysely<Database>, userId: string) {
  const balances = await getBalances(db, userId);
  return { available: balances.usdnAvailableCents, held: balances.usdnHeldCents };
}

export async function expectCleanLedger(db: Kysely<Database>) {
  const report = await verifyLedger(db);
  expect(report.ok, formatLedgerReport(report)).toBe(true);
}

export async function countRows(
  db: Kysely<Database>,
  table: 'usdn_transfers' | 'usdn_withdrawal_requests' | 'usdt_recharge_requests' | 'recharge_code_redemptions' | 'notifications',
) {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Real Solana addresses (base58 of 32 bytes). */
export const SOLANA_ADDRESS = 'So11111111111111111111111111111111111111112';
export const SOLANA_ADDRESS_2 = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
