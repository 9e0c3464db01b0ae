import { describe, expect, test } from 'vitest';
import { isSolanaAddress, isUsableDepositAddress } from '@curio/shared';

describe('isSolanaAddress', () => {
  test.each([
    ['wrapped SOL mint', 'So11111111111111111111111111111111111111112'],
    ['USDC mint', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'],
    ['USDT mint', 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB'],
    ['token program', 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'],
    ['system program (32 zero bytes, 32 characters)', '11111111111111111111111111111111'],
    ['a wallet', '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'],
  ])('accepts the %s', (_name, address) => {
    expect(isSolanaAddress(address)).toBe(true);
  });

  test.each([
    ['empty', ''],
    ['31 characters', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4'],
    ['two characters dropped (decodes to 31 bytes)', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt'],
    ['a character added (decodes to 33 bytes)', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1vv'],
    ['a zero, not base58', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt10'],
    ['a capital O, not base58', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDtOv'],
    ['a capital I, not base58', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDtIv'],
    ['a lower-case l, not base58', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDtlv'],
    ['surrounding spaces (callers trim)', ' EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v '],
    ['a Bitcoin address (base58 of 25 bytes)', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    ['an Ethereum address', '0x52908400098527886E0F7030069857D2E4169EE7'],
    ['a TRON address (base58 of 25 bytes)', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
    ['45 characters', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1vEP'],
  ])('refuses %s', (_name, address) => {
    expect(isSolanaAddress(address)).toBe(false);
  });
});

describe('isUsableDepositAddress', () => {
  test('needs more than 20 characters after trimming', () => {
    expect(isUsableDepositAddress(null)).toBe(false);
    expect(isUsableDepositAddress('')).toBe(false);
    expect(isUsableDepositAddress('A'.repeat(20))).toBe(false);
    expect(isUsableDepositAddress(`  ${'A'.repeat(20)}  `)).toBe(false);
    expect(isUsableDepositAddress('A'.repeat(21))).toBe(true);
  });
});
