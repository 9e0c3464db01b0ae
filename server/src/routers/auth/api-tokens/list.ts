import { z } from 'zod';
import { ZApiTokenSummary } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { listApiTokens } from '../../../domain/accounts/api-tokens.ts';

/** The caller's tokens that still work, newest first. */
export const list = memberProcedure.output(z.array(ZApiTokenSummary)).query(({ ctx }) => listApiTokens(ctx.services.db, ctx.user.id, ctx.services.clock.now()));
