import { router } from '../../trpc/init.ts';

export const authRouter = router({});
