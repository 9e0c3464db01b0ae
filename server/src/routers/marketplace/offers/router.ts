import { router } from '../../../trpc/init.ts';

export const offersRouter = router({});
