import './zod-config.ts';
import { z } from 'zod';
import { LIMITS } from '../rules/limits.ts';
import { hasControlCharacters, stripInvisible } from '../rules/text.ts';

export const ZUuid = z.uuid();

/** Client-generated key that makes a money mutation safe to retry (engineering rule E-4). */
export const ZIdempotencyKey = zText().trim().min(8).max(LIMITS.idempotencyKeyMax);

export const ZEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(LIMITS.emailMax)
  .pipe(z.email({ error: 'EMAIL_INVALID' }));

/**
 * Any text a person types: Unicode NFC (so "é" typed two ways is one string), and control
 * characters refused with a code (rules/text.ts). A ZodString, so callers go on chaining
 * `.trim().min().max()`, which then see the normalised text.
 */
export function zText(params?: Parameters<typeof z.string>[0]) {
  return z
    .string(params)
    .normalize('NFC')
    .refine((text) => !hasControlCharacters(text), { error: 'TEXT_CONTROL_CHARACTER', abort: true });
}

/** A name or a title: the same as zText, and the invisible characters that let one name pass for another are removed. */
export function zName(params?: Parameters<typeof z.string>[0]) {
  return z
    .string(params)
    .normalize('NFC')
    .overwrite(stripInvisible)
    .refine((text) => !hasControlCharacters(text), { error: 'TEXT_CONTROL_CHARACTER', abort: true });
}

const PLAIN_DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * What a number field holds, read as the number it shows: NaN for an empty field and for anything
 * but a plain decimal ("1e3", "0x10", "1,000", "12abc"), so the field's schema refuses it with its
 * own message. Forms never rewrite what was typed; this is the one place a typed number is read.
 */
export function typedNumber(value: string | number): number {
  if (typeof value === 'number') return value;
  const text = value.trim();
  return PLAIN_DECIMAL.test(text) ? Number(text) : Number.NaN;
}

/** A number field as a form holds it (the text typed), checked by a procedure's own number schema. */
export function zTypedNumber<Out>(schema: z.ZodType<Out, number>) {
  return z.union([z.string(), z.number()]).transform(typedNumber).pipe(schema);
}
