import { ZOrdersCsv, ZOrdersCsvInput } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { exportOrdersCsv } from '../../domain/orders/export-csv.ts';

/**
 * The member's sold orders as CSV (rule O-15): id, title, buyer, quantity, total,
 * status, created. UTF-8 with a BOM and CRLF line ends, so Excel opens Chinese titles correctly;
 * totals in USDN, times on the member's wall clock; text a buyer or seller typed cannot smuggle
 * in a formula; titles and statuses in the exporter's language when the client sends its labels.
 */
export const exportCsv = memberProcedure
  .input(ZOrdersCsvInput.optional())
  .output(ZOrdersCsv)
  .query(({ ctx, input }) => exportOrdersCsv(ctx.services, ctx.user.id, input));
