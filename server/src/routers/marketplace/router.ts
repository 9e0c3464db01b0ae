import { router } from '../../trpc/init.ts';
import { latest } from './latest.ts';

export const marketplaceRouter = router({
  latest,
});
