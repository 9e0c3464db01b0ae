import '../zod-config.ts';
import { z } from 'zod';
import { isSolanaAddress } from '../../rules/solana-address.ts';
import { ZPointsRedemptionStatus, ZRedemptionMethod, ZReferralSignals } from '../points.ts';
import { TIP_LIMITS, ZTipCurrency } from '../tips.ts';
import { ZAdminListInput } from './paging.ts';
import { zText } from '../common.ts';

/** Settings, tip settings, refunds and legacy points withdrawals (rules AD-21, AD-25 to AD-27). */

/** Optional admin notes: trimmed, blank is none. */
const ZAdminNotes = zText()
  .trim()
  .max(500, { error: 'CONTENT_TOO_LONG' })
  .nullish()
  .transform((value) => (value ? value : null));

const ZPerson = z.object({ id: z.uuid(), nickname: z.string() });

// ---------------------------------------------------------------- settings (rule AD-26)

/**
 * Upper bounds the spec does not state: far above any real value, they keep a typo (an extra
 * row of zeros) from turning every withdrawal or top-up into nonsense and keep cents exact.
 */
export const ADMIN_SETTING_LIMITS = {
  amountMax: 1_000_000,
  rateMax: 1_000,
} as const;

/** Everything the settings tab edits, with the admins who may answer customer service. */
export const ZAdminSettings = z.object({
  /** Where members send USDT for a top-up; '' when not configured. */
  usdtSolanaAddress: z.string(),
  /** Whole or decimal USDN. */
  usdnWithdrawalMin: z.number(),
  /** A fraction: 0.03 is 3 %. */
  usdnWithdrawalFeeRate: z.number(),
  usdnToUsdtRate: z.number(),
  usdtMinRecharge: z.number(),
  usdtRechargeRate: z.number(),
  customerServiceEnabled: z.boolean(),
  /** null: the earliest-registered admin answers. */
  customerServiceAdminId: z.uuid().nullable(),
  admins: z.array(ZPerson),
});
export type TAdminSettings = z.infer<typeof ZAdminSettings>;

/** Rule AD-26: the Solana USDT receiving address, at least 32 characters and real base58 (ADR 0015). */
export const ZAdminSolanaAddressInput = z.object({
  address: zText({ error: 'SOLANA_ADDRESS_INVALID' })
    .trim()
    .refine((value) => isSolanaAddress(value), { error: 'SOLANA_ADDRESS_INVALID' }),
});
export type TAdminSolanaAddressInput = z.input<typeof ZAdminSolanaAddressInput>;

const settingNumber = () => z.number({ error: 'SETTING_VALUES_INVALID' });

/** Rule AD-26: minimum ≥ 1, fee between 0 and 1 inclusive, rate > 0 ('enter valid setting values'). */
export const ZAdminWithdrawalSettingsInput = z.object({
  minUsdn: settingNumber().min(1, { error: 'SETTING_VALUES_INVALID' }).max(ADMIN_SETTING_LIMITS.amountMax, { error: 'SETTING_VALUES_INVALID' }),
  feeRate: settingNumber().min(0, { error: 'SETTING_VALUES_INVALID' }).max(1, { error: 'SETTING_VALUES_INVALID' }),
  usdtRate: settingNumber().positive({ error: 'SETTING_VALUES_INVALID' }).max(ADMIN_SETTING_LIMITS.rateMax, { error: 'SETTING_VALUES_INVALID' }),
});
export type TAdminWithdrawalSettingsInput = z.input<typeof ZAdminWithdrawalSettingsInput>;

/** The USDT top-up minimum and USDT→USDN rate (keys read by the public top-up screen): both > 0. */
export const ZAdminRechargeSettingsInput = z.object({
  minUsdt: settingNumber().positive({ error: 'SETTING_VALUES_INVALID' }).max(ADMIN_SETTING_LIMITS.amountMax, { error: 'SETTING_VALUES_INVALID' }),
  rate: settingNumber().positive({ error: 'SETTING_VALUES_INVALID' }).max(ADMIN_SETTING_LIMITS.rateMax, { error: 'SETTING_VALUES_INVALID' }),
});
export type TAdminRechargeSettingsInput = z.input<typeof ZAdminRechargeSettingsInput>;

/** The customer-service switch and who answers; the server checks the id belongs to an admin. */
export const ZAdminCustomerServiceInput = z.object({
  enabled: z.boolean(),
  adminId: z.uuid({ error: 'CUSTOMER_SERVICE_ADMIN_INVALID' }).nullable(),
});
export type TAdminCustomerServiceInput = z.input<typeof ZAdminCustomerServiceInput>;

// ---------------------------------------------------------------- tip settings

/** The two preset lists, ascending. */
export const ZAdminTipSettings = z.object({
  usdn: z.array(z.number().int().positive()),
  points: z.array(z.number().int().positive()),
});
export type TAdminTipSettings = z.infer<typeof ZAdminTipSettings>;

/** At most this many presets per list: the tip dialog shows them as one row of chips. */
export const TIP_PRESETS_MAX = 12;

/** Rule AD-27: a preset is a positive whole number ('enter a valid amount'), whole USDN or points. */
export const ZAdminTipAmountInput = z.object({
  currency: ZTipCurrency,
  amount: z
    .number({ error: 'INVALID_AMOUNT' })
    .int({ error: 'INVALID_AMOUNT' })
    .positive({ error: 'INVALID_AMOUNT' })
    .max(TIP_LIMITS.amountMax, { error: 'INVALID_AMOUNT' }),
});
export type TAdminTipAmountInput = z.input<typeof ZAdminTipAmountInput>;

// ---------------------------------------------------------------- refunds

/** An admin's decision on a pending refund; the server requires notes for a rejection. */
export const ZAdminRefundDecisionInput = z.object({
  refundId: z.uuid(),
  notes: ZAdminNotes,
});
export type TAdminRefundDecisionInput = z.input<typeof ZAdminRefundDecisionInput>;

export const ADMIN_REFUND_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const ZAdminRefundStatus = z.enum(ADMIN_REFUND_STATUSES);

export const ZAdminRefundListInput = ZAdminListInput.extend({
  status: z.enum(['all', ...ADMIN_REFUND_STATUSES]).default('all'),
});
export type TAdminRefundListInput = z.input<typeof ZAdminRefundListInput>;

export const ZAdminRefund = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  orderTitle: z.string(),
  orderStatus: z.string(),
  buyer: ZPerson,
  seller: ZPerson,
  amountCents: z.number().int(),
  reason: z.string(),
  status: ZAdminRefundStatus,
  adminNotes: z.string().nullable(),
  createdAt: z.date(),
  processedAt: z.date().nullable(),
});
export type TAdminRefund = z.infer<typeof ZAdminRefund>;

// ---------------------------------------------------------------- legacy points withdrawals

export const ZAdminPointsWithdrawalListInput = ZAdminListInput.extend({
  status: z.enum(['all', 'pending', 'completed', 'rejected']).default('all'),
});
export type TAdminPointsWithdrawalListInput = z.input<typeof ZAdminPointsWithdrawalListInput>;

export const ZAdminPointsWithdrawal = z.object({
  id: z.uuid(),
  user: ZPerson,
  points: z.number().int(),
  feePoints: z.number().int(),
  cashCents: z.number().int(),
  method: ZRedemptionMethod,
  account: z.string(),
  status: ZPointsRedemptionStatus,
  adminNotes: z.string().nullable(),
  createdAt: z.date(),
  processedAt: z.date().nullable(),
  /** The requester's invitation figures, for spotting farmed referral points (rule AD-25, ADR 0045). */
  referrals: ZReferralSignals,
});
export type TAdminPointsWithdrawal = z.infer<typeof ZAdminPointsWithdrawal>;

/** Approve (notes optional) or reject (notes required: they tell the member why) a request. */
export const ZAdminPointsWithdrawalDecisionInput = z.object({
  requestId: z.uuid(),
  notes: ZAdminNotes,
});
export type TAdminPointsWithdrawalDecisionInput = z.input<typeof ZAdminPointsWithdrawalDecisionInput>;

/** What an approve or reject returns. */
export const ZAdminPointsWithdrawalDecisionResult = z.object({ id: z.uuid(), status: ZPointsRedemptionStatus });
