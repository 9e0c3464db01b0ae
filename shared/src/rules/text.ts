/**
 * One hygiene rule for text people type (ADR 0026). Control characters have no business in
 * anything a member writes and break logs, exports and other people's screens: they are
 * refused. Names and titles additionally lose the invisible characters that let one member pass
 * for another (a right-to-left override that reverses a name's tail, a zero-width space inside
 * "admin"); longer texts keep them, since real scripts (Arabic, Persian, emoji sequences) use
 * some of them and those texts are never read as someone's identity.
 */

/** C0 controls except tab, line feed and carriage return; DEL; C1 controls; unpaired surrogates. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasControlCharacters(text: string): boolean {
  return CONTROL.test(text);
}

/**
 * Bidi embeddings, overrides and isolates, directional marks, zero-width spaces and joiners,
 * word joiner, byte-order mark, Mongolian vowel separator, the invisible math operators, and
 * Hangul fillers that render as nothing.
 */
const INVISIBLE = /[\u061C\u115F\u1160\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\u3164\uFEFF\uFFA0]/g;

export function stripInvisible(text: string): string {
  return text.replace(INVISIBLE, '');
}

/**
 * Whether a nickname would pass for staff or the brand. It lives in its own module (lookalikes
 * are compared through Unicode's confusables data, which only the screens that check names need
 * to load) and is part of this rule: ADR 0026, ADR 0043.
 */
export { isReservedNickname } from './reserved-names.ts';
