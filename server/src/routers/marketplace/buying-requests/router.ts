import { router } from '../../../trpc/init.ts';

export const buyingRequestsRouter = router({});
