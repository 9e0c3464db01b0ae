import { expect } from 'vitest';
import { verifyLedger, formatLedgerReport } from '../../../server/src/domain/ledger/index.ts';
import type { TestDatabase } from '../../helpers/test-db.ts';

export async function expectLedgerClean(db: TestDatabase): Promise<void> {
  const report = await verifyLedger(db.db);
  expect(report.ok, formatLedgerReport(report)).toBe(true);
}

/** Sets the test clock to a wall-clock instant given in UTC. */
export function utc(iso: string): Date {
  return new Date(`${iso}Z`);
}
