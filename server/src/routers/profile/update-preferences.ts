import { z } from 'zod';
import { ZUpdatePreferencesInput } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { setPreferences } from '../../domain/profiles/update-preferences.ts';

/** The currency and language pickers in the top bar: only the fields given change. */
export const updatePreferences = memberProcedure
  .input(ZUpdatePreferencesInput)
  .output(z.object({ ok: z.literal(true) }))
  .mutation(({ ctx, input }) => setPreferences(ctx.services, ctx.user.id, input));
