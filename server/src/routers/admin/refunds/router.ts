import { router } from '../../../trpc/init.ts';
import { approve, reject } from './decide.ts';
import { list } from './list.ts';

export const adminRefundsRouter = router({ list, approve, reject });
