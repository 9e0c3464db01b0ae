import './zod-config.ts';
import { z } from 'zod';
import { LIMITS } from '../rules/limits.ts';
import { LANGUAGES } from '../locales.ts';
import { DISPLAY_CURRENCIES } from '../money/currency.ts';
import { ZUploadKey } from './uploads.ts';
import { zName } from './common.ts';

export const ZUpdatePreferencesInput = z.object({
  preferredLanguage: z.enum(LANGUAGES).optional(),
  preferredCurrency: z.enum(DISPLAY_CURRENCIES).optional(),
});

export const ZUpdateProfileInput = z.object({
  nickname: zName().trim().min(1, { error: 'NICKNAME_REQUIRED' }).max(LIMITS.nicknameMax, { error: 'NICKNAME_TOO_LONG' }),
  /** A key the uploads route returned for purpose avatar; null removes the avatar. */
  avatarKey: ZUploadKey.refine((key) => key.startsWith('avatar/'), { error: 'VALIDATION_FAILED' })
    .nullable()
    .optional(),
  preferredLanguage: z.enum(LANGUAGES).nullable().optional(),
  preferredCurrency: z.enum(DISPLAY_CURRENCIES).nullable().optional(),
});
export type TUpdateProfileInput = z.infer<typeof ZUpdateProfileInput>;
