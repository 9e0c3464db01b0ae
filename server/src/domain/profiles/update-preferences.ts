import type { z } from 'zod';
import type { ZUpdatePreferencesInput } from '@curio/shared';
import type { AppServices } from '../../app-services.ts';

/** The currency and language pickers in the top bar: only the fields given change. */
export async function setPreferences(services: AppServices, memberId: string, input: z.output<typeof ZUpdatePreferencesInput>) {
  const changes = {
    ...(input.preferredLanguage ? { preferred_language: input.preferredLanguage } : {}),
    ...(input.preferredCurrency ? { preferred_currency: input.preferredCurrency } : {}),
  };
  if (Object.keys(changes).length > 0) {
    await services.db.updateTable('profiles').set(changes).where('user_id', '=', memberId).execute();
  }
  return { ok: true as const };
}
