import { ZAdminRechargeCodeCsv, ZAdminRechargeCodeCsvInput } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { exportRechargeCodesCsv } from '../../../domain/wallet/recharge-codes/export-csv.ts';

/**
 * The codes as CSV (rule AD-18) with a byte-order mark (Excel then reads UTF-8 batch names),
 * columns code, value, batch name, expiry or "permanent". Either the table's current filter or
 * one batch. Column titles come from the client in the admin's language; English otherwise.
 * Batch names are typed by admins, but a cell starting with = still must not run as a formula.
 */
export const exportCsv = adminProcedure
  .input(ZAdminRechargeCodeCsvInput)
  .output(ZAdminRechargeCodeCsv)
  .query(({ ctx, input }) => exportRechargeCodesCsv(ctx.services, input));
