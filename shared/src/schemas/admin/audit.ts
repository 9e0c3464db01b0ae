import '../zod-config.ts';
import { z } from 'zod';
import { ZAdminCsvLabels, ZAdminCsvValues, ZAdminListInput, zAdminTableControls } from './paging.ts';
import { zText } from '../common.ts';

/** The audit log tab (rule AD-5): every admin action, newest first. */

const ZFilterText = zText()
  .trim()
  .max(60)
  .optional()
  .transform((value) => (value ? value : undefined));

/**
 * Filters: `action` matches a prefix ('user.' for every user action, 'user.ban' exactly that),
 * `targetType` and `adminId` match exactly; the search text matches the target id.
 */
/** The log sorts by time only (newest first by default). */
export const ADMIN_AUDIT_SORTS = ['createdAt'] as const;

export const ZAdminAuditListInput = ZAdminListInput.extend({
  action: ZFilterText,
  targetType: ZFilterText,
  adminId: z.uuid().optional(),
  ...zAdminTableControls(ADMIN_AUDIT_SORTS),
});
export type TAdminAuditListInput = z.input<typeof ZAdminAuditListInput>;

/** The audit log as CSV: the list's filters, every matching entry. */
export const ZAdminAuditCsvInput = ZAdminAuditListInput.omit({ page: true, pageSize: true }).extend({ labels: ZAdminCsvLabels, values: ZAdminCsvValues });
export type TAdminAuditCsvInput = z.input<typeof ZAdminAuditCsvInput>;

export const ZAdminAuditEntry = z.object({
  id: z.number().int(),
  createdAt: z.date(),
  /** Null when the admin's account was deleted since (the entry stays). */
  admin: z.object({ id: z.uuid(), nickname: z.string() }).nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
});
export type TAdminAuditEntry = z.infer<typeof ZAdminAuditEntry>;

/** The values the filters offer: what occurs in the log, and the admins who acted. */
export const ZAdminAuditFacets = z.object({
  actions: z.array(z.string()),
  targetTypes: z.array(z.string()),
  admins: z.array(z.object({ id: z.uuid(), nickname: z.string() })),
});
export type TAdminAuditFacets = z.infer<typeof ZAdminAuditFacets>;
