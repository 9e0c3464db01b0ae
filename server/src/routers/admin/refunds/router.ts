import { router } from '../../../trpc/init.ts';
import { approve, reject } from './decide.ts';

export const adminRefundsRouter = router({ approve, reject });
