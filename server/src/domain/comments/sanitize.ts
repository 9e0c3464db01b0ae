/**
 * Comments, reviews and tip messages are plain text (rule S-16: "sanitised before
 * saving"). React escapes everything it renders, so markup could not run in our own pages even
 * unsanitised; we still strip it before saving because the text also leaves through other doors
 * (notifications, CSV exports, API clients and scripts) that may not escape, and because a tag
 * is never meaningful in a comment. Control and bidirectional-override characters go too: they
 * can make a text read differently from what it is (hiding a phone number from the contact
 * filter, or reversing a price). Tabs and line breaks are kept; the result is trimmed.
 */
const HTML_COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
/** A tag needs a letter, `/` or `!` right after `<`, so "I <3 it" and "a < b" survive. */
const HTML_TAG = /<\/?[a-zA-Z!][^<>]*>/g;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
const RUNS_OF_BLANK_LINES = /\n{3,}/g;

export function sanitizePlainText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(HTML_COMMENT, '').replace(HTML_TAG, '').replace(CONTROL, '').replace(RUNS_OF_BLANK_LINES, '\n\n').trim();
}
