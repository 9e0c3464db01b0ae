import { ZResendVerificationInput, ZResendVerificationResult } from '@curio/shared';
import { publicProcedure } from '../../trpc/init.ts';
import { resendVerification as resendVerificationService } from '../../domain/accounts/email-verification.ts';

/** Mails the verification link again; answers the same whatever the address, like password reset. */
export const resendVerification = publicProcedure
  .input(ZResendVerificationInput)
  .output(ZResendVerificationResult)
  .mutation(({ ctx, input }) => resendVerificationService(ctx.services, { email: input.email, ip: ctx.ip }));
