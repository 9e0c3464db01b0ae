import { router } from '../../../trpc/init.ts';
import { list, stats } from './list.ts';
import { generate } from './generate.ts';
import { remove, setStatus } from './change-code.ts';
import { exportCsv } from './export-csv.ts';

/** Spec 3 §2.7 recharge codes tab. */
export const adminRechargeCodesRouter = router({ list, stats, generate, setStatus, delete: remove, exportCsv });
