import './zod-config.ts';
import { z } from 'zod';
import { ZIdempotencyKey, zText } from './common.ts';
import { ZUploadKey } from './uploads.ts';
import { LIMITS } from '../rules/limits.ts';

/** Top-bar balances: USDN in cents, points as whole numbers. */
/**
 * A member's USDN in its three places (ADR 0015, rule O-6): available to spend, held for withdrawals
 * under review, and in escrow for their open orders (paid, shipped or refunding) until they resolve.
 */
export const ZBalances = z.object({
  usdnAvailableCents: z.number().int(),
  usdnHeldCents: z.number().int(),
  usdnEscrowCents: z.number().int(),
  points: z.number().int(),
});
export type TBalances = z.infer<typeof ZBalances>;

/**
 * Wallet inputs are deliberately loose in shape: the rules of docs/requirements/wallet.md (required, whole,
 * minimum, balance) are checked by the procedures, which answer with the spec's own messages
 * and parameters (e.g. the configured minimum) instead of a generic validation failure.
 */

// --- recharge codes -------------------------------------------------------------------------

export const ZRedeemCodeInput = z.object({
  code: zText().max(64),
  idempotencyKey: ZIdempotencyKey,
});
export type TRedeemCodeInput = z.infer<typeof ZRedeemCodeInput>;

export const ZRedeemCodeResult = z.object({ usdnReceivedCents: z.number().int().positive() });
export type TRedeemCodeResult = z.infer<typeof ZRedeemCodeResult>;

/** One of the member's last redemptions (rule W-5: batch name or a default label, time, amount). */
export const ZRedemption = z.object({
  id: z.uuid(),
  batchName: z.string().nullable(),
  redeemedAt: z.date(),
  usdnReceivedCents: z.number().int(),
});
export type TRedemption = z.infer<typeof ZRedemption>;

// --- USDT top-up ----------------------------------------------------------------------------

/** What the USDT tab needs: the deposit address (null when not configured), minimum and rate. */
export const ZDepositInfo = z.object({
  address: z.string().nullable(),
  minUsdtCents: z.number().int().positive(),
  /** USDN credited per USDT (usdt_recharge_rate). */
  rate: z.number().positive(),
});
export type TDepositInfo = z.infer<typeof ZDepositInfo>;

export const RECHARGE_STATUSES = ['pending', 'reviewing', 'approved', 'completed', 'rejected'] as const;
export type TRechargeStatus = (typeof RECHARGE_STATUSES)[number];

/** Chain transaction hashes are hex (TRON, Ethereum, with or without 0x) or base58 (Solana). */
export const TRANSACTION_HASH_PATTERN = /^[A-Za-z0-9]{16,128}$/;

export const ZCreateUsdtRechargeInput = z.object({
  /** USDT in cents: the form steps by 0.01 and parses with parseUsdnToCents. */
  amountCents: z
    .number({ error: 'INVALID_AMOUNT' })
    .int({ error: 'INVALID_AMOUNT' })
    .positive({ error: 'INVALID_AMOUNT' })
    .max(1e13, { error: 'INVALID_AMOUNT' }),
  transactionHash: zText()
    .trim()
    .max(200)
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || TRANSACTION_HASH_PATTERN.test(value), { error: 'VALIDATION_FAILED' }),
  proofImages: z.array(ZUploadKey).max(LIMITS.maxImages, { error: 'TOO_MANY_IMAGES' }).default([]),
  idempotencyKey: ZIdempotencyKey,
});
export type TCreateUsdtRechargeInput = z.input<typeof ZCreateUsdtRechargeInput>;

export const ZUsdtRecharge = z.object({
  id: z.uuid(),
  usdtAmountCents: z.number().int(),
  status: z.enum(RECHARGE_STATUSES),
  transactionHash: z.string().nullable(),
  proofUrls: z.array(z.string()),
  /** What the approval credited, in USDN cents (null until approved). */
  creditedCents: z.number().int().nullable(),
  rejectionReason: z.string().nullable(),
  createdAt: z.date(),
});
export type TUsdtRecharge = z.infer<typeof ZUsdtRecharge>;

// --- withdrawal -----------------------------------------------------------------------------

/** The apply tab's facts: configured minimum (whole USDN), fee fraction and USDT rate. */
export const ZWithdrawalInfo = z.object({
  minUsdn: z.number().positive(),
  /** e.g. 0.03 for 3 % */
  feeRate: z.number().min(0).max(1),
  usdtRate: z.number().positive(),
});
export type TWithdrawalInfo = z.infer<typeof ZWithdrawalInfo>;

export const ZCreateWithdrawalInput = z.object({
  /** Whole USDN (rule W-8); fractions are refused with AMOUNT_NOT_WHOLE. */
  amount: z.number({ error: 'INVALID_AMOUNT' }).finite({ error: 'INVALID_AMOUNT' }),
  address: zText().max(200),
  idempotencyKey: ZIdempotencyKey,
});
export type TCreateWithdrawalInput = z.infer<typeof ZCreateWithdrawalInput>;

export const WITHDRAWAL_STATUSES = ['pending', 'approved', 'completed', 'rejected'] as const;
export type TWithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

export const ZWithdrawal = z.object({
  id: z.uuid(),
  usdnAmountCents: z.number().int(),
  feeCents: z.number().int(),
  usdtAmountCents: z.number().int(),
  network: z.string(),
  address: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  transactionHash: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  createdAt: z.date(),
  processedAt: z.date().nullable(),
});
export type TWithdrawal = z.infer<typeof ZWithdrawal>;

// --- transfer -------------------------------------------------------------------------------

export const TRANSFER_NOTES_MAX = 200;

export const ZTransferInput = z.object({
  email: zText().max(LIMITS.emailMax),
  /** Whole USDN, at least 1; null when the field was left empty (FIELDS_REQUIRED). */
  amount: z.number({ error: 'INVALID_AMOUNT' }).finite({ error: 'INVALID_AMOUNT' }).nullable(),
  notes: zText().max(1000).optional(),
  idempotencyKey: ZIdempotencyKey,
});
export type TTransferInput = z.input<typeof ZTransferInput>;

export const ZTransferResult = z.object({ id: z.uuid(), amountCents: z.number().int() });
export type TTransferResult = z.infer<typeof ZTransferResult>;

export const ZTransferRecord = z.object({
  id: z.uuid(),
  direction: z.enum(['sent', 'received']),
  /** The other party: the recipient's e-mail as typed for a sent transfer, the sender's nickname for a received one. */
  counterparty: z.string(),
  amountCents: z.number().int(),
  notes: z.string().nullable(),
  createdAt: z.date(),
});
export type TTransferRecord = z.infer<typeof ZTransferRecord>;

// --- balance history ------------------------------------------------------------------------

export const ZHistoryInput = z.object({
  currency: z.enum(['usdn', 'points']),
  /** The last entry's transfer id of the previous page. */
  cursor: z.number().int().positive().nullish(),
  limit: z.number().int().min(1).max(100).default(30),
});
export type THistoryInput = z.input<typeof ZHistoryInput>;

export const ZHistoryEntry = z.object({
  id: z.number().int(),
  /** Signed: cents for USDN, whole points for points. */
  amount: z.number().int(),
  /** The ledger transfer kind, translated on the client as the reason. */
  kind: z.string(),
  referenceType: z.string().nullable(),
  referenceId: z.string().nullable(),
  /** In-app path of what caused the movement (an order), when there is one. */
  link: z.string().nullable(),
  memo: z.string().nullable(),
  createdAt: z.date(),
});
export type THistoryEntry = z.infer<typeof ZHistoryEntry>;

export const ZHistoryPage = z.object({
  entries: z.array(ZHistoryEntry),
  nextCursor: z.number().int().nullable(),
});
export type THistoryPage = z.infer<typeof ZHistoryPage>;

// --- wallet arithmetic (integer maths on cents; ADR 0015) -----------------------------------

/**
 * A positive finite setting value (a rate or fee fraction, stored as JSON numbers) as the exact
 * decimal it prints as: 0.03 -> 3/100, 7.2 -> 72/10. Settings are written by admins as decimals,
 * so reading them back as decimals keeps the arithmetic exact where a float product would not.
 */
export function decimalFraction(value: number): { numerator: bigint; denominator: bigint } {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`not a non-negative decimal: ${value}`);
  const [mantissa = '0', exponentText = '0'] = value.toString().toLowerCase().split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  const exponent = Number(exponentText) - fraction.length;
  const digits = BigInt(whole + fraction);
  return exponent >= 0 ? { numerator: digits * 10n ** BigInt(exponent), denominator: 1n } : { numerator: digits, denominator: 10n ** BigInt(-exponent) };
}

/** A setting amount in whole units or cents (10 -> 1000, 10.5 -> 1050), rounded up to a cent. */
export function settingAmountToCents(value: number): number {
  const { numerator, denominator } = decimalFraction(value);
  return Number((numerator * 100n + denominator - 1n) / denominator);
}

/** 1000 -> "10", 1050 -> "10.50": a minimum or rate in a message, without a pointless ".00". */
export function formatWalletAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.trunc(abs / 100);
  const fraction = abs % 100;
  return fraction === 0 ? `${sign}${whole}` : `${sign}${whole}.${String(fraction).padStart(2, '0')}`;
}

/**
 * USDN credited for an approved USDT top-up (rule W-7): amount x usdt_recharge_rate,
 * whole USDN only, the fraction dropped. Returned in cents (always a multiple of 100).
 */
export function usdtRechargeCreditCents(usdtCents: number, rate: number): number {
  const { numerator, denominator } = decimalFraction(rate);
  const wholeUsdn = (BigInt(usdtCents) * numerator) / (denominator * 100n);
  return Number(wholeUsdn * 100n);
}

export interface WithdrawalQuote {
  /** What is held now and leaves the balance on completion (fee included). */
  amountCents: number;
  /** fee fraction x amount, rounded half up to the cent. */
  feeCents: number;
  /** (amount - fee) x usdn_to_usdt_rate, rounded down to the cent: never pay out more than was burned. */
  usdtCents: number;
}

/** Fee and payout of a withdrawal (ADR 0015 fixes the rounding). */
export function withdrawalQuote(amountCents: number, feeRate: number, usdtRate: number): WithdrawalQuote {
  const fee = decimalFraction(feeRate);
  const rate = decimalFraction(usdtRate);
  const amount = BigInt(amountCents);
  // half up: floor((2 * a * n + d) / (2 * d))
  const feeCents = (2n * amount * fee.numerator + fee.denominator) / (2n * fee.denominator);
  const capped = feeCents > amount ? amount : feeCents;
  const usdtCents = ((amount - capped) * rate.numerator) / rate.denominator;
  return { amountCents, feeCents: Number(capped), usdtCents: Number(usdtCents) };
}
