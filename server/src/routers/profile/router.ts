import { router } from '../../trpc/init.ts';

export const profileRouter = router({});
