import '../zod-config.ts';
import { z } from 'zod';
import { ZIdempotencyKey, zText } from '../common.ts';
import { ZAdminCsvLabels, ZAdminCsvValues, ZAdminListInput, ZAdminReason, zAdminTableControls } from './paging.ts';
import { CONTACT_TYPES } from '../../rules/contact-filter.ts';

/**
 * Users and message violations tabs (rules AD-8, AD-9, AD-15 and AD-16). The violations contracts live here
 * too: they are the same people-moderation group, and the shared index already exports this file.
 */

/** Optional notes: blank becomes null, so "no notes" is stored one way. */
const ZOptionalNotes = zText()
  .trim()
  .max(500, { error: 'CONTENT_TOO_LONG' })
  .nullish()
  .transform((value) => (value ? value : null));

// --- users --------------------------------------------------------------------------------

export const ADMIN_USER_FILTERS = ['all', 'banned', 'admins'] as const;
export const ZAdminUserFilter = z.enum(ADMIN_USER_FILTERS);
export type TAdminUserFilter = z.infer<typeof ZAdminUserFilter>;

export const ADMIN_USER_SORTS = ['createdAt', 'lastActiveAt', 'usdn', 'nickname'] as const;
export type TAdminUserSort = (typeof ADMIN_USER_SORTS)[number];

/** The users list: search matches nickname or e-mail (rule AD-8); sortable, by sign-up date range. */
export const ZAdminUsersListInput = ZAdminListInput.extend({ filter: ZAdminUserFilter.default('all'), ...zAdminTableControls(ADMIN_USER_SORTS) });
export type TAdminUsersListInput = z.input<typeof ZAdminUsersListInput>;

/** The users table as CSV: the list's filters, every matching row. */
export const ZAdminUsersCsvInput = ZAdminUsersListInput.omit({ page: true, pageSize: true }).extend({ labels: ZAdminCsvLabels, values: ZAdminCsvValues });
export type TAdminUsersCsvInput = z.input<typeof ZAdminUsersCsvInput>;

export const ZAdminUserBan = z.object({
  reason: z.string(),
  bannedAt: z.date(),
  bannedBy: z.object({ id: z.uuid(), nickname: z.string() }).nullable(),
});

export const ZAdminUser = z.object({
  id: z.uuid(),
  email: z.string(),
  nickname: z.string(),
  createdAt: z.date(),
  lastActiveAt: z.date(),
  isAdmin: z.boolean(),
  /** Spendable USDN in cents (spec user_usdn.balance). */
  usdnCents: z.number().int(),
  /** USDN held by pending withdrawals, in cents. */
  usdnHeldCents: z.number().int(),
  /** USDN in escrow for the user's open orders as buyer, in cents (rule W-1). */
  usdnEscrowCents: z.number().int(),
  points: z.number().int(),
  /** The active ban, or null when the user may sign in. */
  ban: ZAdminUserBan.nullable(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

export const ZAdminBanInput = z.object({ userId: z.uuid(), reason: ZAdminReason });
export type TAdminBanInput = z.input<typeof ZAdminBanInput>;

export const ZAdminUnbanInput = z.object({ userId: z.uuid(), reason: ZOptionalNotes });
export type TAdminUnbanInput = z.input<typeof ZAdminUnbanInput>;

/** The largest adjustment in one go, in whole USDN: far above any real correction, far below unsafe cents. */
export const ADMIN_ADJUSTMENT_MAX = 10_000_000;

/**
 * Rule AD-8: a whole number of USDN, positive adds, negative deducts, with a reason.
 * The idempotency key makes a double click adjust once (engineering rule E-4).
 */
export const ZAdminAdjustUsdnInput = z.object({
  userId: z.uuid(),
  amount: z
    .number({ error: 'AMOUNT_NOT_WHOLE' })
    .int({ error: 'AMOUNT_NOT_WHOLE' })
    .min(-ADMIN_ADJUSTMENT_MAX, { error: 'INVALID_AMOUNT' })
    .max(ADMIN_ADJUSTMENT_MAX, { error: 'INVALID_AMOUNT' })
    .refine((value) => value !== 0, { error: 'INVALID_AMOUNT' }),
  reason: ZAdminReason,
  idempotencyKey: ZIdempotencyKey,
});
export type TAdminAdjustUsdnInput = z.input<typeof ZAdminAdjustUsdnInput>;

export const ZAdminAdjustUsdnResult = z.object({ balanceCents: z.number().int() });

export const ZAdminBanResult = z.object({ banned: z.boolean() });

/** "End all sessions": every cookie and API token of the member stops working (ADR 0044), with a reason for the log. */
export const ZAdminEndSessionsInput = z.object({ userId: z.uuid(), reason: ZAdminReason });
export type TAdminEndSessionsInput = z.input<typeof ZAdminEndSessionsInput>;
export const ZAdminEndSessionsResult = z.object({ endedSessions: z.number().int(), revokedTokens: z.number().int() });

/** The member detail view: the users-tab row of one member and every ban they ever had. */
export const ZAdminUserIdInput = z.object({ userId: z.uuid() });
export const ZAdminBanRecord = z.object({
  id: z.uuid(),
  reason: z.string(),
  status: z.enum(['active', 'lifted']),
  bannedAt: z.date(),
  liftedAt: z.date().nullable(),
  bannedBy: z.object({ id: z.uuid(), nickname: z.string() }).nullable(),
});
export type TAdminBanRecord = z.infer<typeof ZAdminBanRecord>;
export const ZAdminUserDetail = z.object({ user: ZAdminUser, bans: z.array(ZAdminBanRecord) });
export type TAdminUserDetail = z.infer<typeof ZAdminUserDetail>;

/** One member's balance history, as the member's own wallet page pages it. */
export const ZAdminUserHistoryInput = z.object({
  userId: z.uuid(),
  currency: z.enum(['usdn', 'points']),
  cursor: z.number().int().positive().nullish(),
  limit: z.number().int().min(1).max(100).default(20),
});

/** Grant (admin: true) or revoke (false) the admin role, with a reason for the audit log. */
export const ZAdminSetRoleInput = z.object({ userId: z.uuid(), admin: z.boolean(), reason: ZAdminReason });
export type TAdminSetRoleInput = z.input<typeof ZAdminSetRoleInput>;
export const ZAdminSetRoleResult = z.object({ userId: z.uuid(), isAdmin: z.boolean() });

// --- violations -----------------------------------------------------------------------------

/** A violation is named by the first kind of contact detail the filter found in it. */
export const VIOLATION_TYPES = CONTACT_TYPES;
export const ZViolationType = z.enum(VIOLATION_TYPES);
export type TViolationType = z.infer<typeof ZViolationType>;

/** Rule AD-15's filter tabs: all, unreviewed, then one per type. */
export const VIOLATION_FILTERS = ['all', 'unreviewed', ...VIOLATION_TYPES] as const;
export const ZAdminViolationFilter = z.enum(VIOLATION_FILTERS);
export type TAdminViolationFilter = z.infer<typeof ZAdminViolationFilter>;

export const VIOLATION_ACTIONS = ['reviewed', 'warning', 'banned'] as const;
export const ZViolationAction = z.enum(VIOLATION_ACTIONS);
export type TViolationAction = z.infer<typeof ZViolationAction>;

/** The list: search matches the original content or either party's nickname. */
export const ZAdminViolationsListInput = ZAdminListInput.extend({ filter: ZAdminViolationFilter.default('all') });
export type TAdminViolationsListInput = z.input<typeof ZAdminViolationsListInput>;

const ZPerson = z.object({ id: z.uuid(), nickname: z.string() });

export const ZAdminViolation = z.object({
  id: z.uuid(),
  type: ZViolationType,
  detectedTypes: z.array(z.string()),
  originalContent: z.string(),
  detectedPatterns: z.array(z.string()),
  createdAt: z.date(),
  sender: ZPerson,
  receiver: ZPerson,
  /** 'unreviewed' until an admin acts (no review time), then the action taken. */
  status: z.enum(['unreviewed', ...VIOLATION_ACTIONS]),
  reviewedAt: z.date().nullable(),
  reviewer: ZPerson.nullable(),
  notes: z.string().nullable(),
  /** Whether the sender is banned right now, so the ban button can say so. */
  senderBanned: z.boolean(),
});
export type TAdminViolation = z.infer<typeof ZAdminViolation>;

/** Rule AD-15's four totals; "today" is the server clock's UTC day. */
export const ZAdminViolationStats = z.object({
  total: z.number().int(),
  unreviewed: z.number().int(),
  today: z.number().int(),
  topTypes: z.array(z.object({ type: ZViolationType, count: z.number().int() })).max(2),
});
export type TAdminViolationStats = z.infer<typeof ZAdminViolationStats>;

export const ZAdminViolationActInput = z.object({
  violationId: z.uuid(),
  action: ZViolationAction,
  notes: ZOptionalNotes,
});
export type TAdminViolationActInput = z.input<typeof ZAdminViolationActInput>;

export const ZAdminViolationActResult = z.object({ status: ZViolationAction, reviewedAt: z.date() });
