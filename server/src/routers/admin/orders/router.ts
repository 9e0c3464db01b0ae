import { router } from '../../../trpc/init.ts';
import { list } from './list.ts';
import { get } from './get.ts';

export const adminOrdersRouter = router({ list, get });
