import { ZSignUpInput, ZSignUpResult } from '@curio/shared';
import { publicProcedure } from '../../trpc/init.ts';
import { signUp as signUpService } from '../../domain/accounts/sign-up.ts';

/** Creates an unverified account and mails the link that verifies it and signs the member in. */
export const signUp = publicProcedure
  .input(ZSignUpInput)
  .output(ZSignUpResult)
  .mutation(({ ctx, input }) => signUpService(ctx.services, input, { ip: ctx.ip }));
