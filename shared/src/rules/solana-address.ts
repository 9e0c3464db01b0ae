import bs58 from 'bs58';

/** Rule W-9: a withdrawal address has at least 32 characters. */
export const SOLANA_ADDRESS_MIN_LENGTH = 32;
/** Base58 of 32 bytes is never longer than 44 characters. */
export const SOLANA_ADDRESS_MAX_LENGTH = 44;
/** A deposit address shown for USDT top-ups must be longer than this (rule W-6). */
export const DEPOSIT_ADDRESS_MIN_EXCLUSIVE = 20;

/**
 * True when `input` is a Solana account address: base58 (no 0, O, I or l) decoding to exactly
 * 32 bytes (an ed25519 public key or a program-derived address). The spec only asks for 32
 * characters; checking the bytes as well catches typos and addresses of other chains (ADR 0015)
 * before the member's money is held for a payout that could never be sent. Surrounding
 * whitespace is not part of an address, so callers trim first.
 */
export function isSolanaAddress(input: string): boolean {
  if (input.length < SOLANA_ADDRESS_MIN_LENGTH || input.length > SOLANA_ADDRESS_MAX_LENGTH) return false;
  const bytes = bs58.decodeUnsafe(input);
  return bytes !== undefined && bytes.length === 32;
}

/** Whether a configured deposit address may be shown (rule W-6: longer than 20 characters). */
export function isUsableDepositAddress(address: string | null | undefined): address is string {
  return typeof address === 'string' && address.trim().length > DEPOSIT_ADDRESS_MIN_EXCLUSIVE;
}
