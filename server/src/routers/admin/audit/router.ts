import { router } from '../../../trpc/init.ts';
import { facets, list } from './list.ts';
import { exportCsv } from './export-csv.ts';

/** The audit log tab: every admin action, filtered and paged. */
export const adminAuditRouter = router({ list, facets, exportCsv });
