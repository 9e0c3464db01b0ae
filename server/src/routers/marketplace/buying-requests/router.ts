import { router } from '../../../trpc/init.ts';
import { create } from './create.ts';
import { update } from './update.ts';
import { deleteRequest } from './delete.ts';
import { close } from './close.ts';
import { get } from './get.ts';
import { recordView } from './record-view.ts';
import { mine } from './mine.ts';
import { report } from './report.ts';

/** Buying requests (rules B-1 to B-18; status machine in ADR 0009). */
export const buyingRequestsRouter = router({ create, update, delete: deleteRequest, close, get, recordView, mine, report });
