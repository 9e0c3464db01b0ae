import type { z } from 'zod';
import type { ZAdminAuditEntry, ZAdminAuditFacets, ZAdminAuditListInput } from '@curio/shared';
import { adminPage, containsPattern, prefixPattern } from '../paged-list.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

/**
 * The audit log (rule AD-5, ADR 0018): who did what to which target, before/after and reason, newest first.
 * Filters: action prefix ('user.' = every user action), target type, admin; the search text
 * matches the target id (a pasted id or a part of one).
 */
export async function listAuditLog(
  db: Kysely<Database>,
  input: z.output<typeof ZAdminAuditListInput>,
): Promise<{ total: number; items: z.output<typeof ZAdminAuditEntry>[] }> {
  let query = db.selectFrom('admin_audit_log as log');
  if (input.action) query = query.where('log.action', 'like', prefixPattern(input.action));
  if (input.targetType) query = query.where('log.target_type', '=', input.targetType);
  if (input.adminId) query = query.where('log.admin_id', '=', input.adminId);
  if (input.search) query = query.where('log.target_id', 'ilike', containsPattern(input.search));
  if (input.from) query = query.where('log.created_at', '>=', input.from);
  if (input.to) query = query.where('log.created_at', '<', input.to);
  return adminPage(
    input,
    query,
    (entries) =>
      entries
        .leftJoin('profiles as admin', 'admin.user_id', 'log.admin_id')
        .select([
          'log.id',
          'log.created_at',
          'log.admin_id',
          'admin.nickname as admin_nickname',
          'log.action',
          'log.target_type',
          'log.target_id',
          'log.before',
          'log.after',
          'log.reason',
        ])
        .orderBy('log.created_at', input.direction)
        .orderBy('log.id', input.direction),
    (row) => ({
      id: Number(row.id),
      createdAt: row.created_at,
      admin: row.admin_id ? { id: row.admin_id, nickname: row.admin_nickname ?? '' } : null,
      action: row.action,
      targetType: row.target_type,
      targetId: row.target_id,
      before: row.before,
      after: row.after,
      reason: row.reason,
    }),
  );
}

/** What the filter selects offer: the actions and target types in the log, and who acted. */
export async function auditLogFacets(db: Kysely<Database>): Promise<z.output<typeof ZAdminAuditFacets>> {
  const [actions, targetTypes, admins] = await Promise.all([
    db.selectFrom('admin_audit_log').select('action').distinct().orderBy('action').execute(),
    db.selectFrom('admin_audit_log').select('target_type').distinct().orderBy('target_type').execute(),
    db
      .selectFrom('admin_audit_log as log')
      .innerJoin('profiles', 'profiles.user_id', 'log.admin_id')
      .select(['profiles.user_id as id', 'profiles.nickname'])
      .distinct()
      .orderBy('profiles.nickname')
      .execute(),
  ]);
  return {
    actions: actions.map((row) => row.action),
    targetTypes: targetTypes.map((row) => row.target_type),
    admins: admins.map((row) => ({ id: row.id, nickname: row.nickname })),
  };
}
