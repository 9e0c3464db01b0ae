import '../schemas/zod-config.ts';
import { z } from 'zod';
import { zName } from '../schemas/common.ts';
import type { AppErrorCode } from '../errors.ts';
import { LIMITS } from './limits.ts';

/** A letter or digit in any script, or an emoji: what makes a tag more than punctuation. */
const MEANINGFUL = /[\p{L}\p{N}\p{Extended_Pictographic}]/u;

export type TagCheck = { ok: true; tag: string } | { ok: false; code: AppErrorCode };

/**
 * Tag rules (rule L-3): a leading # is stripped for checking; the rest must be non-empty, not
 * only whitespace, at most 20 characters, and contain a letter, digit or emoji. The stored
 * form always carries one leading #.
 */
export function normalizeTag(input: string): TagCheck {
  const body = input.trim().replace(/^#+/, '').trim();
  if (body === '') return { ok: false, code: 'TAG_EMPTY' };
  if ([...body].length > LIMITS.tagMaxLength) return { ok: false, code: 'TAG_TOO_LONG' };
  if (!MEANINGFUL.test(body)) return { ok: false, code: 'TAG_SYMBOLS_ONLY' };
  return { ok: true, tag: `#${body}` };
}

/** Adds one typed tag to a list (the Enter key in the tag input): the same rules the server applies. */
export function addTag(existing: readonly string[], input: string): { ok: true; tags: string[] } | { ok: false; code: AppErrorCode } {
  const checked = normalizeTag(input);
  if (!checked.ok) return checked;
  if (existing.some((tag) => tag.toLowerCase() === checked.tag.toLowerCase())) return { ok: false, code: 'TAG_DUPLICATE' };
  if (existing.length >= LIMITS.maxTags) return { ok: false, code: 'TOO_MANY_TAGS' };
  return { ok: true, tags: [...existing, checked.tag] };
}

/** Server-side schema: normalises each tag and refuses duplicates and more than five. */
export const ZTags = z
  .array(zName().max(64))
  .max(LIMITS.maxTags, { error: 'TOO_MANY_TAGS' })
  .transform((tags, ctx) => {
    const result: string[] = [];
    for (const raw of tags) {
      const added = addTag(result, raw);
      if (!added.ok) {
        ctx.addIssue({ code: 'custom', message: added.code });
        return z.NEVER;
      }
      result.splice(0, result.length, ...added.tags);
    }
    return result;
  });
