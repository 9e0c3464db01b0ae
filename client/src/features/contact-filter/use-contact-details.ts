import { useMemo } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { findContactDetails, type ContactMatch } from '@curio/shared';

/** Typing pace: the filter re-runs once the user pauses, not on every keystroke. */
export const CONTACT_CHECK_DELAY_MS = 200;

/**
 * The contact details in `text` (the same rules the server enforces), re-checked shortly after
 * the user stops typing. Empty for empty or missing text.
 */
export function useContactDetails(text: string | null | undefined, delayMs = CONTACT_CHECK_DELAY_MS): ContactMatch[] {
  const [settled] = useDebouncedValue(text ?? '', delayMs);
  return useMemo(() => findContactDetails(settled), [settled]);
}
