import { z } from 'zod';
import { ZRequestPasswordResetInput } from '@curio/shared';
import { publicProcedure } from '../../trpc/init.ts';
import { requestPasswordReset as requestPasswordResetService } from '../../domain/accounts/password-reset.ts';

export const requestPasswordReset = publicProcedure
  .input(ZRequestPasswordResetInput)
  .output(z.object({ cooldownSeconds: z.number().int().positive() }))
  .mutation(({ ctx, input }) => requestPasswordResetService(ctx.services, { email: input.email, ip: ctx.ip }));
