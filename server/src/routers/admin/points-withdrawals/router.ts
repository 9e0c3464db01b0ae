import { router } from '../../../trpc/init.ts';
import { approve, reject } from './decide.ts';
import { list } from './list.ts';

export const adminPointsWithdrawalsRouter = router({ list, approve, reject });
