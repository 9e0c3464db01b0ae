import { router } from '../../../trpc/init.ts';
import { page } from './page.ts';

export const feedRouter = router({ page });
