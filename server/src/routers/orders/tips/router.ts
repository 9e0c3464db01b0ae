import { router } from '../../../trpc/init.ts';

export const tipsRouter = router({});
