import type { Kysely } from 'kysely';
import type { Database } from '../../../server/src/db/schema.ts';
import type { member } from '../../helpers/world.ts';

/** The `member` fixture (tests/helpers/fixtures.ts), for helpers that make members: a new signed-in member. */
export type MemberFactory = (options?: Parameters<typeof member>[1]) => ReturnType<typeof member>;

/** The audit entries written about one target, oldest first (ADR 0018). */
export function auditEntries(db: Kysely<Database>, targetType: string, targetId: string) {
  return db.selectFrom('admin_audit_log').selectAll().where('target_type', '=', targetType).where('target_id', '=', targetId).orderBy('id').execute();
}
