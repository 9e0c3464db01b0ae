import './zod-config.ts';
import { z } from 'zod';
import { LIMITS } from '../rules/limits.ts';
import { ZEmail, zName, zText } from './common.ts';
import { hasControlCharacters } from '../rules/text.ts';
import { LANGUAGES } from '../locales.ts';
import { DISPLAY_CURRENCIES } from '../money/currency.ts';
import { API_TOKEN_ADMIN_MAX_DAYS, API_TOKEN_MAX_DAYS, API_TOKEN_SCOPES, DEFAULT_API_TOKEN_SCOPES } from '../rules/api-token-scopes.ts';

/**
 * Passwords are compared byte for byte with what was hashed, so they are not normalised (that
 * would lock out a member whose password was typed in another form); control characters are
 * still refused.
 */
const ZPasswordText = z.string().refine((text) => !hasControlCharacters(text), { error: 'TEXT_CONTROL_CHARACTER', abort: true });

export const ZPassword = ZPasswordText.min(LIMITS.passwordMin, { error: 'PASSWORD_TOO_SHORT' }).max(LIMITS.passwordMax);

export const ZSignInInput = z.object({
  email: ZEmail,
  password: ZPassword,
});
export type TSignInInput = z.infer<typeof ZSignInInput>;

export const ZSignUpInput = z.object({
  email: ZEmail,
  password: ZPassword,
  /** Codes are issued in capitals; what a person types is read in any case. */
  invitationCode: zText().trim().max(32).toUpperCase().optional(),
  /** User id stored from a `?ref=` profile link, applied when no invitation code is given. */
  referrerId: z.uuid().optional(),
  language: z.enum(LANGUAGES).optional(),
});
export type TSignUpInput = z.infer<typeof ZSignUpInput>;

export const ZRequestPasswordResetInput = z.object({ email: ZEmail });

export const ZResetPasswordInput = z
  .object({
    token: zText().min(20).max(200),
    password: ZPassword,
    confirmPassword: ZPasswordText,
  })
  .refine((v) => v.password === v.confirmPassword, {
    error: 'PASSWORDS_DO_NOT_MATCH',
    path: ['confirmPassword'],
  });
export type TResetPasswordInput = z.infer<typeof ZResetPasswordInput>;

export const ZSessionUser = z.object({
  id: z.uuid(),
  email: z.string(),
  nickname: z.string(),
  avatarUrl: z.string().nullable(),
  isAdmin: z.boolean(),
  preferredLanguage: z.enum(LANGUAGES).nullable(),
  preferredCurrency: z.enum(DISPLAY_CURRENCIES).nullable(),
  /** False until the link mailed at sign-up is opened: rewards wait, and money cannot leave. */
  emailVerified: z.boolean(),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

/**
 * What sign-up answers: the same for a new address and for one that already has an account
 * (that one is mailed a notice instead of a link), so the form never tells who is a member.
 */
export const ZSignUpResult = z.object({
  email: z.string(),
  /** Seconds before "send the link again" may be used. */
  cooldownSeconds: z.number().int(),
  /**
   * What the invitation code did: applied (its rewards follow e-mail verification), or the
   * account was made without it because the code was used or had run out. Null without a code.
   */
  invitation: z.enum(['applied', 'used', 'expired']).nullable(),
});
export type TSignUpResult = z.infer<typeof ZSignUpResult>;

export const ZVerifyEmailInput = z.object({ token: zText().min(20).max(200) });
export type TVerifyEmailInput = z.infer<typeof ZVerifyEmailInput>;

export const ZResendVerificationInput = z.object({ email: ZEmail });
export const ZResendVerificationResult = z.object({ cooldownSeconds: z.number().int() });

export const ZApiTokenScope = z.enum(API_TOKEN_SCOPES);

/**
 * A new token's name, scopes and life. `read` is always among the scopes; the admin scope needs
 * an expiry of at most API_TOKEN_ADMIN_MAX_DAYS (whether the member is an admin is the server's
 * check). `expiresInDays` null: the token works until revoked.
 */
export const ZCreateApiTokenInput = z
  .object({
    name: zName().trim().min(1).max(LIMITS.apiTokenNameMax),
    scopes: z
      .array(ZApiTokenScope)
      .max(API_TOKEN_SCOPES.length)
      .default([...DEFAULT_API_TOKEN_SCOPES])
      .transform((scopes) => API_TOKEN_SCOPES.filter((scope) => scope === 'read' || scopes.includes(scope))),
    expiresInDays: z.number().int().min(1).max(API_TOKEN_MAX_DAYS).nullable().default(null),
  })
  .superRefine((input, ctx) => {
    if (input.scopes.includes('admin') && (input.expiresInDays === null || input.expiresInDays > API_TOKEN_ADMIN_MAX_DAYS)) {
      ctx.addIssue({ code: 'custom', path: ['expiresInDays'], message: 'API_TOKEN_ADMIN_EXPIRY' });
    }
  });

export type TCreateApiTokenInput = z.output<typeof ZCreateApiTokenInput>;

/** Turns a token's wallet scope off (or back on) without minting a new token. */
export const ZSetApiTokenWalletInput = z.object({ id: z.uuid(), wallet: z.boolean() });
export const ZRevokeApiTokenInput = z.object({ id: z.uuid() });

export const ZApiTokenSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  /** First characters of the token so the owner can tell tokens apart; the rest is never stored. */
  prefix: z.string(),
  scopes: z.array(ZApiTokenScope),
  createdAt: z.date(),
  lastUsedAt: z.date().nullable(),
  /** Null: works until revoked. */
  expiresAt: z.date().nullable(),
});
