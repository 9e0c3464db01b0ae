import { router } from '../../../trpc/init.ts';
import { list } from './list.ts';
import { create } from './create.ts';
import { revoke } from './revoke.ts';
import { setWallet } from './set-wallet.ts';

export const apiTokensRouter = router({ list, create, revoke, setWallet });
