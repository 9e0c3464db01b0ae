import { router } from '../../trpc/init.ts';

export const chatRouter = router({});
