import { ZSessionUser, ZVerifyEmailInput } from '@curio/shared';
import { publicProcedure } from '../../trpc/init.ts';
import { verifyEmail as verifyEmailService } from '../../domain/accounts/email-verification.ts';
import { previousSession } from './previous-session.ts';
import { answerSignedIn } from './signed-in.ts';

/** Opens the link mailed at sign-up: the address is verified, rewards are paid, and this browser is signed in. */
export const verifyEmail = publicProcedure
  .input(ZVerifyEmailInput)
  .output(ZSessionUser)
  .mutation(async ({ ctx, input }) => answerSignedIn(ctx, await verifyEmailService(ctx.services, input, previousSession(ctx))));
