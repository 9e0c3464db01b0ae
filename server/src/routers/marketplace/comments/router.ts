import { router } from '../../../trpc/init.ts';

export const commentsRouter = router({});
