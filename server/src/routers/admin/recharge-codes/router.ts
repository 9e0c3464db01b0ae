import { router } from '../../../trpc/init.ts';
import { list, stats } from './list.ts';
import { generate } from './generate.ts';
import { disableBatch, remove, setStatus } from './change-code.ts';
import { exportCsv } from './export-csv.ts';

/** The recharge codes tab (rules AD-17 and AD-18). */
export const adminRechargeCodesRouter = router({ list, stats, generate, setStatus, disableBatch, delete: remove, exportCsv });
