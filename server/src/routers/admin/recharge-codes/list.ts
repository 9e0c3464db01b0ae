import { sql } from 'kysely';
import { ZAdminRechargeCodeListInput, ZAdminRechargeCodePage, ZAdminRechargeCodeStats } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { countRows, pageWindow } from '../paging.ts';
import { effectiveStatusOf, whereCodeFilter } from './query.ts';

/** Spec 3 §2.7: the codes table, newest first, searchable by code or batch and filtered by status. */
export const list = adminProcedure
  .input(ZAdminRechargeCodeListInput)
  .output(ZAdminRechargeCodePage)
  .query(async ({ ctx, input }) => {
    const db = ctx.services.db;
    const now = ctx.services.clock.now();
    const { limit, offset } = pageWindow(input);
    const [rows, total] = await Promise.all([
      db
        .selectFrom('recharge_codes')
        .leftJoin('users', 'users.id', 'recharge_codes.used_by')
        .leftJoin('profiles', 'profiles.user_id', 'recharge_codes.used_by')
        .select([
          'recharge_codes.id',
          'recharge_codes.code',
          'recharge_codes.value_cents',
          'recharge_codes.batch_name',
          'recharge_codes.status',
          'recharge_codes.expires_at',
          'recharge_codes.created_at',
          'recharge_codes.used_at',
          'recharge_codes.used_by',
          'users.email as used_by_email',
          'profiles.nickname as used_by_nickname',
        ])
        .where((eb) => whereCodeFilter(eb, input, now))
        .orderBy('recharge_codes.created_at', 'desc')
        .orderBy('recharge_codes.code')
        .limit(limit)
        .offset(offset)
        .execute(),
      countRows(db.selectFrom('recharge_codes').where((eb) => whereCodeFilter(eb, input, now))),
    ]);
    return {
      total,
      items: rows.map((row) => ({
        id: row.id,
        code: row.code,
        valueCents: row.value_cents,
        batchName: row.batch_name,
        status: effectiveStatusOf(row, now),
        expiresAt: row.expires_at,
        createdAt: row.created_at,
        usedAt: row.used_at,
        usedBy:
          row.used_by && row.used_by_email
            ? { id: row.used_by, email: row.used_by_email, nickname: row.used_by_nickname ?? row.used_by_email }
            : null,
      })),
    };
  });

/** The stats cards: codes by status and what the still-redeemable ones are worth. */
export const stats = adminProcedure.output(ZAdminRechargeCodeStats).query(async ({ ctx }) => {
  const now = ctx.services.clock.now();
  const live = sql<boolean>`status = 'active' AND (expires_at IS NULL OR expires_at > ${now})`;
  const row = await ctx.services.db
    .selectFrom('recharge_codes')
    .select([
      sql<number>`count(*)::int`.as('total'),
      sql<number>`(count(*) FILTER (WHERE ${live}))::int`.as('active'),
      sql<number>`(count(*) FILTER (WHERE status = 'used'))::int`.as('used'),
      sql<number>`(count(*) FILTER (WHERE status = 'disabled'))::int`.as('disabled'),
      sql<number>`(count(*) FILTER (WHERE status = 'active' AND expires_at <= ${now}))::int`.as('expired'),
      sql<string>`coalesce(sum(value_cents) FILTER (WHERE ${live}), 0)::text`.as('active_value'),
    ])
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.total),
    active: Number(row.active),
    used: Number(row.used),
    disabled: Number(row.disabled),
    expired: Number(row.expired),
    activeValueCents: Number(row.active_value),
  };
});
