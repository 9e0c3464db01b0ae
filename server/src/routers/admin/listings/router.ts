import { router } from '../../../trpc/init.ts';
import { list } from './list.ts';
import { approve, reject, takeDown } from './moderate.ts';
import { remove } from './delete.ts';
import { bulkApprove, bulkReject } from './bulk.ts';

export const adminListingsRouter = router({ list, approve, reject, takeDown, bulkApprove, bulkReject, delete: remove });
