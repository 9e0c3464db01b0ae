import { router } from '../../../trpc/init.ts';
import { list } from './list.ts';
import { resolve } from './resolve.ts';

export const adminComplaintsRouter = router({ list, resolve });
