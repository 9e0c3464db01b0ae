import { formatCents, parseUsdnToCents } from '@curio/shared';

/** A USDN amount typed in a form: blank is "no value", anything else must parse to cents. */
export type ParsedAmount = { kind: 'blank' } | { kind: 'cents'; cents: number } | { kind: 'invalid' };

export function parseAmountInput(text: string): ParsedAmount {
  if (text.trim() === '') return { kind: 'blank' };
  const cents = parseUsdnToCents(text);
  return cents === null ? { kind: 'invalid' } : { kind: 'cents', cents };
}

/** Cents back into the text a form field shows, without thousands separators: 123456 -> "1234.56". */
export function centsToInput(cents: number | null): string {
  if (cents === null) return '';
  return formatCents(cents).replace(/,/g, '').replace(/\.00$/, '');
}
