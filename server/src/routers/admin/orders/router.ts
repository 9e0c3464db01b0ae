import { router } from '../../../trpc/init.ts';
import { list } from './list.ts';
import { get } from './get.ts';
import { exportCsv } from './export-csv.ts';

export const adminOrdersRouter = router({ list, get, exportCsv });
