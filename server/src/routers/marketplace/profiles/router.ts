import { router } from '../../../trpc/init.ts';

export const profilesRouter = router({});
