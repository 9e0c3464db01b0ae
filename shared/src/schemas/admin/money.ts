import '../zod-config.ts';
import { z } from 'zod';
import { ZAdminListInput, zAdminPage, zAdminSort } from './paging.ts';
import { RECHARGE_STATUSES, WITHDRAWAL_STATUSES } from '../wallet.ts';
import { zName, zText } from '../common.ts';

/** Money in and out of the platform: recharge codes, USDT top-ups, USDN withdrawals (rules AD-17 to AD-24). */

/** A member as the money tabs show them: nickname for the eye, e-mail to tell namesakes apart. */
export const ZAdminMoneyMember = z.object({ id: z.uuid(), nickname: z.string(), email: z.string() });
export type TAdminMoneyMember = z.infer<typeof ZAdminMoneyMember>;

/** The admin who decided, when one did (null once that admin's account is gone). */
const ZReviewer = z.object({ id: z.uuid(), nickname: z.string() }).nullable();

// --- recharge codes (rules AD-17, AD-18)---------------------------------------------------------------

/** Rule AD-17: generator limits and form defaults. */
export const RECHARGE_CODE_RULES = {
  minValueUsdn: 10,
  minQuantity: 1,
  maxQuantity: 1000,
  /** Ten years: far beyond any campaign, and keeps the date arithmetic sane. */
  maxExpiryDays: 3650,
  defaultValueUsdn: 100,
  defaultQuantity: 10,
  defaultExpiryDays: 30,
} as const;

/**
 * 'expired' is not stored: an active code whose expiry has passed reads as expired (and can no
 * longer be redeemed), so the table, the filter and the stats agree with redemption at any time.
 */
export const RECHARGE_CODE_STATUSES = ['active', 'used', 'disabled', 'expired'] as const;
export type TRechargeCodeStatus = (typeof RECHARGE_CODE_STATUSES)[number];

const ZBatchName = zName()
  .trim()
  .max(60, { error: 'VALIDATION_FAILED' })
  .optional()
  .transform((value) => (value ? value : undefined));

export const ZAdminRechargeCodeFilter = z.object({
  status: z.enum(RECHARGE_CODE_STATUSES).optional(),
  /** Exactly this batch (the CSV of a freshly generated batch). */
  batchName: ZBatchName,
});

/** The table: search matches the code (with or without dashes) or the batch name. */
export const ZAdminRechargeCodeListInput = ZAdminListInput.extend(ZAdminRechargeCodeFilter.shape);
export type TAdminRechargeCodeListInput = z.input<typeof ZAdminRechargeCodeListInput>;

export const ZAdminRechargeCode = z.object({
  id: z.uuid(),
  /** 16 characters without dashes; shown grouped by displayRedeemCode. */
  code: z.string(),
  valueCents: z.number().int(),
  batchName: z.string().nullable(),
  status: z.enum(RECHARGE_CODE_STATUSES),
  /** null: never expires. */
  expiresAt: z.date().nullable(),
  createdAt: z.date(),
  usedAt: z.date().nullable(),
  usedBy: ZAdminMoneyMember.nullable(),
});
export type TAdminRechargeCode = z.infer<typeof ZAdminRechargeCode>;
export const ZAdminRechargeCodePage = zAdminPage(ZAdminRechargeCode);

export const ZAdminRechargeCodeStats = z.object({
  total: z.number().int(),
  active: z.number().int(),
  used: z.number().int(),
  disabled: z.number().int(),
  expired: z.number().int(),
  /** What the active codes are still worth, in cents. */
  activeValueCents: z.number().int(),
});
export type TAdminRechargeCodeStats = z.infer<typeof ZAdminRechargeCodeStats>;

/**
 * The generator form (rule AD-17). Value in whole USDN (at least 10), quantity 1 to 1000,
 * expiry in days with 0 for never; a blank batch name becomes a timestamp on the server.
 */
export const ZAdminGenerateCodesInput = z.object({
  valueUsdn: z
    .number({ error: 'CODE_VALUE_MINIMUM' })
    .int({ error: 'AMOUNT_NOT_WHOLE' })
    .min(RECHARGE_CODE_RULES.minValueUsdn, { error: 'CODE_VALUE_MINIMUM' })
    .max(1_000_000, { error: 'INVALID_AMOUNT' }),
  quantity: z
    .number({ error: 'CODE_QUANTITY_RANGE' })
    .int({ error: 'CODE_QUANTITY_RANGE' })
    .min(RECHARGE_CODE_RULES.minQuantity, { error: 'CODE_QUANTITY_RANGE' })
    .max(RECHARGE_CODE_RULES.maxQuantity, { error: 'CODE_QUANTITY_RANGE' }),
  expiryDays: z
    .number({ error: 'VALIDATION_FAILED' })
    .int({ error: 'VALIDATION_FAILED' })
    .min(0, { error: 'VALIDATION_FAILED' })
    .max(RECHARGE_CODE_RULES.maxExpiryDays, { error: 'VALIDATION_FAILED' }),
  batchName: ZBatchName,
});
export type TAdminGenerateCodesInput = z.input<typeof ZAdminGenerateCodesInput>;

export const ZAdminGenerateCodesResult = z.object({ batchName: z.string(), count: z.number().int(), expiresAt: z.date().nullable() });
export type TAdminGenerateCodesResult = z.infer<typeof ZAdminGenerateCodesResult>;

/** Enable (disabled → active) or disable (active → disabled); nothing else can be toggled. */
export const ZAdminSetCodeStatusInput = z.object({ codeId: z.uuid(), status: z.enum(['active', 'disabled']) });
export type TAdminSetCodeStatusInput = z.input<typeof ZAdminSetCodeStatusInput>;

export const ZAdminCodeIdInput = z.object({ codeId: z.uuid() });

/** Disable every still-redeemable code of one batch at once. */
export const ZAdminCodeBatchInput = z.object({
  batchName: zName().trim().min(1, { error: 'VALIDATION_FAILED' }).max(60, { error: 'VALIDATION_FAILED' }),
});
export type TAdminCodeBatchInput = z.input<typeof ZAdminCodeBatchInput>;
export const ZAdminCodeBatchResult = z.object({ batchName: z.string(), disabled: z.number().int().min(1) });

/** The CSV of the filtered set (or of one batch): UTF-8 with a BOM, CRLF line ends. */
export const ZAdminRechargeCodeCsvInput = ZAdminRechargeCodeFilter.extend({
  search: ZAdminListInput.shape.search,
  /** Column titles and the word for "never expires" in the admin's language. */
  labels: z
    .object({
      code: zText().max(40),
      value: zText().max(40),
      batchName: zName().max(40),
      expiresAt: zText().max(40),
      permanent: zText().max(40),
    })
    .optional(),
});
export type TAdminRechargeCodeCsvInput = z.input<typeof ZAdminRechargeCodeCsvInput>;
export const ZAdminRechargeCodeCsv = z.object({ filename: z.string(), csv: z.string(), count: z.number().int() });

// --- USDT top-ups (rule AD-22) --------------------------------------------------------------------

/** The filter tabs; 'pending' includes 'reviewing' and 'approved' includes 'completed' (both actionable / both done). */
export const USDT_RECHARGE_FILTERS = ['all', 'pending', 'approved', 'rejected'] as const;

/** Money requests sort by when they were made (newest first by default) or by amount. */
export const ADMIN_MONEY_REQUEST_SORTS = ['createdAt', 'amount'] as const;
export type TAdminMoneyRequestSort = (typeof ADMIN_MONEY_REQUEST_SORTS)[number];

export const ZAdminUsdtRechargeListInput = ZAdminListInput.extend({
  status: z.enum(USDT_RECHARGE_FILTERS).default('all'),
  ...zAdminSort(ADMIN_MONEY_REQUEST_SORTS),
});
export type TAdminUsdtRechargeListInput = z.input<typeof ZAdminUsdtRechargeListInput>;

export const ZAdminUsdtRecharge = z.object({
  id: z.uuid(),
  member: ZAdminMoneyMember,
  usdtAmountCents: z.number().int(),
  status: z.enum(RECHARGE_STATUSES),
  transactionHash: z.string().nullable(),
  proofUrls: z.array(z.string()),
  /** Set on approval: the whole USDN credited. */
  creditedCents: z.number().int().nullable(),
  adminNotes: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  reviewer: ZReviewer,
  reviewedAt: z.date().nullable(),
  createdAt: z.date(),
});
export type TAdminUsdtRecharge = z.infer<typeof ZAdminUsdtRecharge>;
export const ZAdminUsdtRechargePage = zAdminPage(ZAdminUsdtRecharge);

/** The five totals of the USDT top-ups tab (rule AD-22). */
export const ZAdminUsdtRechargeStats = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
  creditedCents: z.number().int(),
});
export type TAdminUsdtRechargeStats = z.infer<typeof ZAdminUsdtRechargeStats>;

const ZOptionalNotes = zText()
  .trim()
  .max(500, { error: 'CONTENT_TOO_LONG' })
  .optional()
  .transform((value) => (value ? value : undefined));

export const ZAdminApproveUsdtRechargeInput = z.object({ requestId: z.uuid(), adminNotes: ZOptionalNotes });
export type TAdminApproveUsdtRechargeInput = z.input<typeof ZAdminApproveUsdtRechargeInput>;

/** The reason may arrive blank: the resolver refuses it with REJECTION_REASON_REQUIRED (rule AD-22). */
export const ZAdminRejectUsdtRechargeInput = z.object({
  requestId: z.uuid(),
  reason: zText().max(500, { error: 'CONTENT_TOO_LONG' }),
  adminNotes: ZOptionalNotes,
});
export type TAdminRejectUsdtRechargeInput = z.input<typeof ZAdminRejectUsdtRechargeInput>;

export const ZAdminUsdtDecisionResult = z.object({ status: z.enum(['approved', 'rejected']), creditedCents: z.number().int().nullable() });

// --- USDN withdrawals (rule AD-23) ----------------------------------------------------------------

export const USDN_WITHDRAWAL_FILTERS = ['all', 'pending', 'completed', 'rejected'] as const;

export const ZAdminUsdnWithdrawalListInput = ZAdminListInput.extend({
  status: z.enum(USDN_WITHDRAWAL_FILTERS).default('all'),
  ...zAdminSort(ADMIN_MONEY_REQUEST_SORTS),
});
export type TAdminUsdnWithdrawalListInput = z.input<typeof ZAdminUsdnWithdrawalListInput>;

export const ZAdminUsdnWithdrawal = z.object({
  id: z.uuid(),
  member: ZAdminMoneyMember,
  /** Held from the balance, fee included. */
  usdnAmountCents: z.number().int(),
  feeCents: z.number().int(),
  /** What is to be paid out on chain. */
  usdtAmountCents: z.number().int(),
  network: z.string(),
  withdrawalAddress: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  transactionHash: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  reviewer: ZReviewer,
  processedAt: z.date().nullable(),
  createdAt: z.date(),
});
export type TAdminUsdnWithdrawal = z.infer<typeof ZAdminUsdnWithdrawal>;
export const ZAdminUsdnWithdrawalPage = zAdminPage(ZAdminUsdnWithdrawal);

export const ZAdminUsdnWithdrawalStats = z.object({
  pending: z.number().int(),
  /** USDT still to be paid out for the pending requests. */
  pendingUsdtCents: z.number().int(),
  completed: z.number().int(),
  rejected: z.number().int(),
});
export type TAdminUsdnWithdrawalStats = z.infer<typeof ZAdminUsdnWithdrawalStats>;

/** A blank hash is refused by the resolver with TRANSACTION_HASH_REQUIRED (rule AD-23). */
export const ZAdminApproveUsdnWithdrawalInput = z.object({ requestId: z.uuid(), transactionHash: zText().max(200, { error: 'VALIDATION_FAILED' }) });
export type TAdminApproveUsdnWithdrawalInput = z.input<typeof ZAdminApproveUsdnWithdrawalInput>;

export const ZAdminRejectUsdnWithdrawalInput = z.object({ requestId: z.uuid(), reason: zText().max(500, { error: 'CONTENT_TOO_LONG' }) });
export type TAdminRejectUsdnWithdrawalInput = z.input<typeof ZAdminRejectUsdnWithdrawalInput>;

export const ZAdminWithdrawalDecisionResult = z.object({ status: z.enum(['completed', 'rejected']) });
