/**
 * Recharge codes (rule W-4): 16 characters from upper-case letters and digits
 * without I, O, 0 and 1 (easily misread), shown as four groups of four joined by dashes.
 */
export const REDEEM_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const REDEEM_CODE_LENGTH = 16;
/** 16 characters plus three dashes. */
export const REDEEM_CODE_FORMATTED_LENGTH = 19;
const GROUP = 4;

/**
 * What the code input shows while the member types or pastes: letters and digits only,
 * upper-cased, at most 16 of them, grouped by four with dashes ("abcd efgh-j" -> "ABCD-EFGH-J").
 * Older codes might hold characters outside the generator's alphabet, so any letter or digit is kept.
 */
export function formatRedeemCodeInput(raw: string): string {
  const chars = raw
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .slice(0, REDEEM_CODE_LENGTH);
  const groups: string[] = [];
  for (let index = 0; index < chars.length; index += GROUP) groups.push(chars.slice(index, index + GROUP));
  return groups.join('-');
}

/**
 * The stored form of a code the member sent: trimmed, upper-cased, dashes and inner spaces
 * removed. Anything else stays, so a code with stray symbols is simply not found.
 */
export function normaliseRedeemCode(raw: string): string {
  return raw.trim().toUpperCase().replace(/[-\s]/g, '');
}

/** The input is complete enough to send (the redeem button is disabled under 16 characters). */
export function isCompleteRedeemCodeInput(formatted: string): boolean {
  return normaliseRedeemCode(formatted).length >= REDEEM_CODE_LENGTH;
}

/** A stored code as members read it: XXXX-XXXX-XXXX-XXXX. */
export function displayRedeemCode(code: string): string {
  return formatRedeemCodeInput(code);
}
