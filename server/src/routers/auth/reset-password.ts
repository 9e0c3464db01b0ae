import { z } from 'zod';
import { ZResetPasswordInput } from '@curio/shared';
import { publicProcedure } from '../../trpc/init.ts';
import { resetPassword as resetPasswordService } from '../../domain/accounts/password-reset.ts';

/** Sets the new password and ends every session; the client then sends the member to /auth. */
export const resetPassword = publicProcedure
  .input(ZResetPasswordInput)
  .output(z.object({ ok: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    const { userId } = await resetPasswordService(ctx.services, input);
    // this browser's session was one of those just ended when it belonged to the same account
    if (ctx.auth?.sessionId && ctx.auth.user.id === userId) ctx.cookies.clearSession();
    return { ok: true as const };
  });
