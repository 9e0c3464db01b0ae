import { router } from '../../trpc/init.ts';

export const pointsRouter = router({});
