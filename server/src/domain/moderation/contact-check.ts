import { findContactDetails } from '@curio/shared';
import { DomainError } from '../domain-error.ts';

/**
 * Refuses user text that carries contact details (rule C-4): titles, descriptions, comments,
 * reviews and chat go through here before anything is written. The error names every offending
 * field (comma-separated, in the order given) so the form can mark each one; empty and missing
 * fields are clean.
 */
export function assertNoContactDetails(fields: Record<string, string | null | undefined>): void {
  const offending = Object.entries(fields)
    .filter(([, value]) => typeof value === 'string' && findContactDetails(value).length > 0)
    .map(([name]) => name);
  if (offending.length > 0) throw new DomainError('CONTACT_INFO_DETECTED', { fields: offending.join(',') });
}
