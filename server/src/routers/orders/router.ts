import { router } from '../../trpc/init.ts';
import { tipsRouter } from './tips/router.ts';
import { purchase } from './purchase.ts';
import { ship } from './ship.ts';
import { confirmReceipt } from './confirm-receipt.ts';
import { requestRefund } from './request-refund.ts';
import { complain } from './complain.ts';
import { list } from './list.ts';
import { get } from './get.ts';
import { sellSummary } from './sell-summary.ts';
import { exportCsv } from './export-csv.ts';

/** Purchase, the order lifecycle, order lists and export; tips after completion (rules O-1 to O-18). */
export const ordersRouter = router({
  purchase,
  ship,
  confirmReceipt,
  requestRefund,
  complain,
  list,
  get,
  sellSummary,
  exportCsv,
  tips: tipsRouter,
});
