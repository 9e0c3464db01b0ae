import { ZSignUpInput, ZSignUpResult } from '@curio/shared';
import { publicProcedure } from '../../trpc/init.ts';
import { appError } from '../../trpc/app-error.ts';
import { signUp as signUpService } from '../../services/auth/sign-up.ts';
import { loadSessionUser } from '../../services/auth/session-user.ts';
import { previousSession } from './previous-session.ts';

export const signUp = publicProcedure
  .input(ZSignUpInput)
  .output(ZSignUpResult)
  .mutation(async ({ ctx, input }) => {
    const { userId, session, invitation } = await signUpService(ctx.services, input, previousSession(ctx));
    ctx.cookies.setSession(session.token, session.expiresAt);
    const user = await loadSessionUser(ctx.services.db, userId);
    if (!user) throw appError('OPERATION_FAILED');
    return { ...user, invitation };
  });
