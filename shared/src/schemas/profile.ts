import { z } from 'zod';
import { LIMITS } from '../rules/limits.ts';
import { LANGUAGES } from '../locales.ts';
import { DISPLAY_CURRENCIES } from '../money/currency.ts';

export const ZUpdatePreferencesInput = z.object({
  preferredLanguage: z.enum(LANGUAGES).optional(),
  preferredCurrency: z.enum(DISPLAY_CURRENCIES).optional(),
});

export const ZUpdateProfileInput = z.object({
  nickname: z.string().trim().min(1, { error: 'NICKNAME_REQUIRED' }).max(LIMITS.nicknameMax),
  avatarKey: z.string().max(200).nullable().optional(),
  preferredLanguage: z.enum(LANGUAGES).nullable().optional(),
  preferredCurrency: z.enum(DISPLAY_CURRENCIES).nullable().optional(),
});
export type TUpdateProfileInput = z.infer<typeof ZUpdateProfileInput>;
