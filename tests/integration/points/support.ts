import { expect } from 'vitest';
import { TRPCError } from '@trpc/server';
import type { AppErrorData } from '@curio/shared';
import { toAppErrorData } from '../../../server/src/trpc/error-formatter.ts';
import { verifyLedger, formatLedgerReport } from '../../../server/src/ledger/index.ts';
import type { TestDatabase } from '../../helpers/test-db.ts';

/** What the client would receive for a failed call: the app code and its params (zod included). */
export function appErrorDataOf(error: unknown): AppErrorData | null {
  return error instanceof TRPCError ? toAppErrorData(error) : null;
}

export async function expectAppError(promise: Promise<unknown>, code: string, params?: Record<string, unknown>): Promise<void> {
  let caught: unknown = null;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  expect(caught, `expected ${code}`).not.toBeNull();
  const data = appErrorDataOf(caught);
  expect(data?.code, String(caught)).toBe(code);
  if (params) expect(data?.params).toMatchObject(params);
}

export async function expectLedgerClean(db: TestDatabase): Promise<void> {
  const report = await verifyLedger(db.db);
  expect(report.ok, formatLedgerReport(report)).toBe(true);
}

/** Sets the test clock to a wall-clock instant given in UTC. */
export function utc(iso: string): Date {
  return new Date(`${iso}Z`);
}
