import { router } from '../../trpc/init.ts';

export const walletRouter = router({});
