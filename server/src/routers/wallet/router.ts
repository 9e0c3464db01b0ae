import { router } from '../../trpc/init.ts';
import { balances } from './balances.ts';
import { onBalances } from './on-balances.ts';

export const walletRouter = router({
  balances,
  onBalances,
});
