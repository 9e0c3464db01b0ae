import { router } from '../../../trpc/init.ts';

export const listingsRouter = router({});
