import { ZSessionUser, ZSignInInput } from '@curio/shared';
import { publicProcedure } from '../../trpc/init.ts';
import { signIn as signInService } from '../../domain/accounts/sign-in.ts';
import { previousSession } from './previous-session.ts';
import { answerSignedIn } from './signed-in.ts';

export const signIn = publicProcedure
  .input(ZSignInInput)
  .output(ZSessionUser)
  .mutation(async ({ ctx, input }) => answerSignedIn(ctx, await signInService(ctx.services, input, { ip: ctx.ip, previous: previousSession(ctx) })));
