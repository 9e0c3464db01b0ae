import { ZSessionUser, ZSignInInput } from '@curio/shared';
import { publicProcedure } from '../../trpc/init.ts';
import { appError } from '../../trpc/app-error.ts';
import { signIn as signInService } from '../../services/auth/sign-in.ts';
import { loadSessionUser } from '../../services/auth/session-user.ts';
import { previousSession } from './previous-session.ts';

export const signIn = publicProcedure
  .input(ZSignInInput)
  .output(ZSessionUser)
  .mutation(async ({ ctx, input }) => {
    const { userId, session } = await signInService(ctx.services, input, {
      ip: ctx.ip,
      previous: previousSession(ctx),
    });
    ctx.cookies.setSession(session.token, session.expiresAt);
    const user = await loadSessionUser(ctx.services.db, userId);
    if (!user) throw appError('OPERATION_FAILED');
    return user;
  });
