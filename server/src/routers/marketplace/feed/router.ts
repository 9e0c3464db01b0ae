import { router } from '../../../trpc/init.ts';

export const feedRouter = router({});
