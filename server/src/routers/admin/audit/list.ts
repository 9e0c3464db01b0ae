import { ZAdminAuditEntry, ZAdminAuditFacets, ZAdminAuditListInput, zAdminPage } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { containsPattern, countRows, pageWindow } from '../paging.ts';

/** A LIKE pattern matching texts that start with `text`, with % and _ taken literally. */
function prefixPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Issue 6 audit log: who did what to which target, before/after and reason, newest first.
 * Filters: action prefix ('user.' = every user action), target type, admin; the search text
 * matches the target id (a pasted id or a part of one).
 */
export const list = adminProcedure
  .input(ZAdminAuditListInput)
  .output(zAdminPage(ZAdminAuditEntry))
  .query(async ({ ctx, input }) => {
    const { limit, offset } = pageWindow(input);
    let query = ctx.services.db.selectFrom('admin_audit_log as log');
    if (input.action) query = query.where('log.action', 'like', prefixPattern(input.action));
    if (input.targetType) query = query.where('log.target_type', '=', input.targetType);
    if (input.adminId) query = query.where('log.admin_id', '=', input.adminId);
    if (input.search) query = query.where('log.target_id', 'ilike', containsPattern(input.search));
    const [rows, total] = await Promise.all([
      query
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
        .orderBy('log.created_at', 'desc')
        .orderBy('log.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      countRows(query),
    ]);
    return {
      total,
      items: rows.map((row) => ({
        id: Number(row.id),
        createdAt: row.created_at,
        admin: row.admin_id ? { id: row.admin_id, nickname: row.admin_nickname ?? '' } : null,
        action: row.action,
        targetType: row.target_type,
        targetId: row.target_id,
        before: row.before,
        after: row.after,
        reason: row.reason,
      })),
    };
  });

/** What the filter selects offer: the actions and target types in the log, and who acted. */
export const facets = adminProcedure.output(ZAdminAuditFacets).query(async ({ ctx }) => {
  const db = ctx.services.db;
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
});
