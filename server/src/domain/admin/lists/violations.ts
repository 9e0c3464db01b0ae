import type { z } from 'zod';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { adminPage, containsPattern } from '../paged-list.ts';
import type { Kysely } from 'kysely';
import type { ZAdminViolationStats, ZAdminViolationsListInput } from '@curio/shared';
import { VIOLATION_TYPES, type TAdminViolation, type TViolationType } from '@curio/shared';

type ViolationScope = ExpressionBuilder<Database & { v: Database['message_violations'] }, 'v'>;

/**
 * The violation cards (rule AD-15), newest first, filtered by the tab (all, unreviewed, a type);
 * search matches the original content or the sender's or receiver's nickname. A filter by type
 * matches every kind the message contained, not only the first one detected.
 */
export async function listViolations(
  db: Kysely<Database>,
  input: z.output<typeof ZAdminViolationsListInput>,
): Promise<{ total: number; items: TAdminViolation[] }> {
  let query = db
    .selectFrom('message_violations as v')
    .innerJoin('profiles as sender', 'sender.user_id', 'v.sender_id')
    .innerJoin('profiles as receiver', 'receiver.user_id', 'v.receiver_id');
  if (input.filter === 'unreviewed') query = query.where('v.reviewed_at', 'is', null);
  else if (input.filter !== 'all') {
    const type = input.filter;
    query = query.where(sql<boolean>`${type} = ANY(v.detected_types)`);
  }
  if (input.search) {
    const pattern = containsPattern(input.search);
    query = query.where((eb) =>
      eb.or([eb('v.original_content', 'ilike', pattern), eb('sender.nickname', 'ilike', pattern), eb('receiver.nickname', 'ilike', pattern)]),
    );
  }
  return adminPage(
    input,
    query,
    (violations) =>
      violations
        .leftJoin('profiles as reviewer', 'reviewer.user_id', 'v.reviewed_by')
        .select([
          'v.id',
          'v.violation_type',
          'v.detected_types',
          'v.original_content',
          'v.detected_patterns',
          'v.created_at',
          'v.reviewed_at',
          'v.reviewed_by',
          'v.action_taken',
          'v.notes',
          'v.sender_id',
          'v.receiver_id',
          'sender.nickname as sender_nickname',
          'receiver.nickname as receiver_nickname',
          'reviewer.nickname as reviewer_nickname',
        ])
        .select((eb: ViolationScope) =>
          eb
            .exists(
              eb.selectFrom('user_bans').select('user_bans.id').whereRef('user_bans.user_id', '=', 'v.sender_id').where('user_bans.status', '=', 'active'),
            )
            .as('sender_banned'),
        )
        .orderBy('v.created_at', 'desc')
        .orderBy('v.id', 'desc'),
    (row): TAdminViolation => ({
      id: row.id,
      type: row.violation_type as TViolationType,
      detectedTypes: row.detected_types,
      originalContent: row.original_content,
      detectedPatterns: row.detected_patterns,
      createdAt: row.created_at,
      sender: { id: row.sender_id, nickname: row.sender_nickname },
      receiver: { id: row.receiver_id, nickname: row.receiver_nickname },
      status: row.reviewed_at === null ? 'unreviewed' : ((row.action_taken ?? 'reviewed') as TAdminViolation['status']),
      reviewedAt: row.reviewed_at,
      reviewer: row.reviewed_by && row.reviewer_nickname ? { id: row.reviewed_by, nickname: row.reviewer_nickname } : null,
      notes: row.notes,
      senderBanned: Boolean(row.sender_banned),
    }),
  );
}

/**
 * The totals of rule AD-15. "Today" is the UTC calendar day of the server's clock: the console
 * has admins in several time zones and one shared number is less confusing than a local one.
 */
export async function violationStats(db: Kysely<Database>, now: Date): Promise<z.output<typeof ZAdminViolationStats>> {
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const [counts, byType] = await Promise.all([
    db
      .selectFrom('message_violations')
      .select([
        sql<number>`count(*)::int`.as('total'),
        sql<number>`count(*) FILTER (WHERE reviewed_at IS NULL)::int`.as('unreviewed'),
        sql<number>`count(*) FILTER (WHERE created_at >= ${dayStart})::int`.as('today'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('message_violations')
      .select(['violation_type', sql<number>`count(*)::int`.as('n')])
      .groupBy('violation_type')
      // ties broken by the type name so the two cards do not swap between reloads
      .orderBy(sql`count(*)`, 'desc')
      .orderBy('violation_type')
      .limit(2)
      .execute(),
  ]);
  return {
    total: Number(counts.total),
    unreviewed: Number(counts.unreviewed),
    today: Number(counts.today),
    topTypes: byType
      .filter((row) => (VIOLATION_TYPES as readonly string[]).includes(row.violation_type))
      .map((row) => ({ type: row.violation_type as TViolationType, count: Number(row.n) })),
  };
}
