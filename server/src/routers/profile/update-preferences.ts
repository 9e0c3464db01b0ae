import { z } from 'zod';
import { ZUpdatePreferencesInput } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';

/** The currency and language pickers in the top bar: only the fields given change. */
export const updatePreferences = memberProcedure
  .input(ZUpdatePreferencesInput)
  .output(z.object({ ok: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    const changes = {
      ...(input.preferredLanguage ? { preferred_language: input.preferredLanguage } : {}),
      ...(input.preferredCurrency ? { preferred_currency: input.preferredCurrency } : {}),
    };
    if (Object.keys(changes).length > 0) {
      await ctx.services.db.updateTable('profiles').set(changes).where('user_id', '=', ctx.user.id).execute();
    }
    return { ok: true as const };
  });
