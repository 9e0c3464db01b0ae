import { router } from '../../trpc/init.ts';

export const systemRouter = router({});
