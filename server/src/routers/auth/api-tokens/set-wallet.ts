import { ZApiTokenSummary, ZSetApiTokenWalletInput } from '@curio/shared';
import { sessionProcedure } from '../../../trpc/init.ts';
import { setApiTokenWallet } from '../../../domain/accounts/api-tokens.ts';

/** Turns one of the caller's tokens' wallet scope off or on; from the browser only, since it widens a token. */
export const setWallet = sessionProcedure
  .input(ZSetApiTokenWalletInput)
  .output(ZApiTokenSummary)
  .mutation(({ ctx, input }) => setApiTokenWallet(ctx.services, ctx.user.id, input));
