import { DomainError } from '../domain-error.ts';
import { assertNoContactDetails } from '../moderation/contact-check.ts';
import { sanitizePlainText } from './sanitize.ts';

/**
 * The text rules shared by comments and reviews (rules S-16 and S-19): sanitised first, so markup cannot
 * pad the length or hide a phone number from the contact filter; then required, at most `max`
 * characters (counted as the user sees them, by code point), and free of contact details.
 */
export function cleanUserText(raw: string, max: number, field = 'content'): string {
  const content = sanitizePlainText(raw);
  if (content.length === 0) throw new DomainError('CONTENT_REQUIRED', { field });
  if ([...content].length > max) throw new DomainError('CONTENT_TOO_LONG', { max, field });
  assertNoContactDetails({ [field]: content });
  return content;
}
