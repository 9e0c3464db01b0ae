import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { CURRENCIES, type Currency } from './accounts.ts';

export type LedgerViolation =
  | { check: 'currency_sum'; currency: string; sum: number }
  | {
      check: 'account_balance';
      accountId: number;
      currency: string;
      kind: string;
      userId: string | null;
      balance: number;
      fromTransfers: number;
    }
  | { check: 'negative_user_balance'; accountId: number; currency: string; kind: string; userId: string; balance: number }
  | { check: 'currency_mismatch'; transferId: number; currency: string; debitCurrency: string; creditCurrency: string }
  | { check: 'order_escrow'; orderId: string; status: string; totalCents: number; escrowCents: number };

export interface LedgerReport {
  ok: boolean;
  violations: LedgerViolation[];
  accounts: number;
  transfers: number;
  /** Orders whose escrow was checked. */
  orders: number;
  /** Sum of all balances per currency: zero in a healthy ledger. */
  sums: Record<Currency, number>;
}

/**
 * Checks the ledger's invariants (engineering rule E-4): every currency sums to zero over all
 * accounts, every user account's cached balance equals its credits minus its debits (system
 * accounts cache none and stand at that sum, ADR 0022), no user account is
 * negative, and no transfer mixes currencies. All checks read one snapshot, so a ledger in
 * use can be verified without false alarms from transfers committing in between.
 */
export async function verifyLedger(db: Kysely<Database>): Promise<LedgerReport> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const violations: LedgerViolation[] = [];

      // per account: what its transfers give (credits minus debits)
      const fromTransfers = sql`
        SELECT a.id, a.currency, a.kind, a.user_id, a.balance,
               (COALESCE(c.total, 0) - COALESCE(d.total, 0))::bigint AS from_transfers
          FROM ledger_accounts a
          LEFT JOIN (SELECT credit_account_id AS id, sum(amount) AS total FROM ledger_transfers GROUP BY 1) c ON c.id = a.id
          LEFT JOIN (SELECT debit_account_id AS id, sum(amount) AS total FROM ledger_transfers GROUP BY 1) d ON d.id = a.id`;

      // a user account stands at its cached balance, a system account at its transfers' sum (ADR 0022)
      const sumRows = await sql<{ currency: string; sum: number }>`
        SELECT currency, sum(CASE WHEN user_id IS NULL THEN from_transfers ELSE balance END)::bigint AS sum
          FROM (${fromTransfers}) AS accounts
         GROUP BY currency`.execute(trx);
      const sums: Record<Currency, number> = { usdn: 0, points: 0 };
      for (const row of sumRows.rows) {
        if ((CURRENCIES as readonly string[]).includes(row.currency)) sums[row.currency as Currency] = row.sum;
        if (row.sum !== 0) violations.push({ check: 'currency_sum', currency: row.currency, sum: row.sum });
      }

      // a user account's cached balance must equal its transfers (a system account caches none,
      // which the ledger_system_accounts_carry_no_balance constraint enforces)
      const drifted = await sql<{
        id: number;
        currency: string;
        kind: string;
        user_id: string | null;
        balance: number;
        from_transfers: number;
      }>`
        SELECT * FROM (${fromTransfers}) AS accounts
         WHERE user_id IS NOT NULL AND balance <> from_transfers
         ORDER BY id`.execute(trx);
      for (const row of drifted.rows) {
        violations.push({
          check: 'account_balance',
          accountId: row.id,
          currency: row.currency,
          kind: row.kind,
          userId: row.user_id,
          balance: row.balance,
          fromTransfers: row.from_transfers,
        });
      }

      const negative = await trx
        .selectFrom('ledger_accounts')
        .select(['id', 'currency', 'kind', 'user_id', 'balance'])
        .where('user_id', 'is not', null)
        .where('balance', '<', 0)
        .orderBy('id')
        .execute();
      for (const row of negative) {
        violations.push({
          check: 'negative_user_balance',
          accountId: row.id,
          currency: row.currency,
          kind: row.kind,
          userId: row.user_id ?? '',
          balance: row.balance,
        });
      }

      const mixed = await trx
        .selectFrom('ledger_transfers as t')
        .innerJoin('ledger_accounts as d', 'd.id', 't.debit_account_id')
        .innerJoin('ledger_accounts as c', 'c.id', 't.credit_account_id')
        .select(['t.id', 't.currency', 'd.currency as debit_currency', 'c.currency as credit_currency'])
        .where((eb) => eb.or([eb('d.currency', '<>', eb.ref('t.currency')), eb('c.currency', '<>', eb.ref('t.currency'))]))
        .orderBy('t.id')
        .execute();
      for (const row of mixed) {
        violations.push({
          check: 'currency_mismatch',
          transferId: row.id,
          currency: row.currency,
          debitCurrency: row.debit_currency,
          creditCurrency: row.credit_currency,
        });
      }

      // engineering rule E-5: an order's escrow holds its total exactly while the order is open
      // (paid, shipped, refunding) and nothing once it is resolved — never both released and refunded
      const escrowDrift = await sql<{ id: string; status: string; total_cents: number; escrow_cents: number }>`
        SELECT o.id, o.status, o.total_cents, COALESCE(e.net, 0)::bigint AS escrow_cents
          FROM orders o
          LEFT JOIN (
            SELECT t.reference_id,
                   sum(CASE WHEN t.credit_account_id = x.id THEN t.amount ELSE -t.amount END) AS net
              FROM ledger_transfers t
              JOIN ledger_accounts x ON x.kind = 'escrow' AND x.user_id IS NULL AND x.currency = 'usdn'
                                    AND (t.credit_account_id = x.id OR t.debit_account_id = x.id)
             WHERE t.reference_type = 'order'
             GROUP BY t.reference_id
          ) e ON e.reference_id = o.id::text
         WHERE COALESCE(e.net, 0) <> CASE WHEN o.status IN ('paid','shipped','refunding') THEN o.total_cents ELSE 0 END
         ORDER BY o.created_at, o.id`.execute(trx);
      for (const row of escrowDrift.rows) {
        violations.push({
          check: 'order_escrow',
          orderId: row.id,
          status: row.status,
          totalCents: Number(row.total_cents),
          escrowCents: Number(row.escrow_cents),
        });
      }

      const counts = await trx
        .selectNoFrom([
          sql<number>`(SELECT count(*) FROM ledger_accounts)::int`.as('accounts'),
          sql<number>`(SELECT count(*) FROM ledger_transfers)::int`.as('transfers'),
          sql<number>`(SELECT count(*) FROM orders)::int`.as('orders'),
        ])
        .executeTakeFirstOrThrow();

      return { ok: violations.length === 0, violations, accounts: counts.accounts, transfers: counts.transfers, orders: counts.orders, sums };
    });
}

/** A human-readable report for scripts/check-ledger.ts and test failure messages. */
export function formatLedgerReport(report: LedgerReport): string {
  const lines = [
    `ledger: ${report.accounts} accounts, ${report.transfers} transfers; sums usdn=${report.sums.usdn} points=${report.sums.points}; ${report.orders} orders`,
  ];
  if (report.ok) {
    lines.push(
      'ok: every currency sums to zero, every balance matches its transfers, no user balance is negative, every order escrow holds what its status says',
    );
    return lines.join('\n');
  }
  lines.push(`${report.violations.length} violation(s):`);
  for (const v of report.violations) {
    switch (v.check) {
      case 'currency_sum':
        lines.push(`  - ${v.currency} sums to ${v.sum}, not 0`);
        break;
      case 'account_balance':
        lines.push(`  - account ${v.accountId} (${v.currency}/${v.kind}/${v.userId ?? 'system'}) holds ${v.balance}, its transfers give ${v.fromTransfers}`);
        break;
      case 'negative_user_balance':
        lines.push(`  - account ${v.accountId} (${v.currency}/${v.kind}/${v.userId}) is negative: ${v.balance}`);
        break;
      case 'currency_mismatch':
        lines.push(`  - transfer ${v.transferId} is ${v.currency} but moves ${v.debitCurrency} -> ${v.creditCurrency}`);
        break;
      case 'order_escrow':
        lines.push(`  - order ${v.orderId} (${v.status}, total ${v.totalCents}) has ${v.escrowCents} in escrow`);
        break;
    }
  }
  return lines.join('\n');
}
