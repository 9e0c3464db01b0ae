import { router } from '../../../trpc/init.ts';

export const socialRouter = router({});
