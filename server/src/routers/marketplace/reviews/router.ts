import { router } from '../../../trpc/init.ts';

export const reviewsRouter = router({});
