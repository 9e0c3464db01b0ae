import { router } from '../../../trpc/init.ts';
import { list } from './list.ts';
import { close } from './close.ts';

export const adminBuyingRouter = router({ list, close });
