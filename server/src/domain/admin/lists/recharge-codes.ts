import type { z } from 'zod';
import { sql } from 'kysely';
import type { ZAdminRechargeCodeListInput, ZAdminRechargeCodeStats } from '@curio/shared';
import type { ZAdminRechargeCodePage } from '@curio/shared';
import { effectiveStatusOf, whereCodeFilter } from '../../wallet/recharge-codes/code-filter.ts';
import { adminPage } from '../paged-list.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

/** The codes table (rule AD-18), newest first, searchable by code or batch and filtered by status. */
export async function listRechargeCodes(
  db: Kysely<Database>,
  input: z.output<typeof ZAdminRechargeCodeListInput>,
  now: Date,
): Promise<z.output<typeof ZAdminRechargeCodePage>> {
  return adminPage(
    input,
    db.selectFrom('recharge_codes').where((eb) => whereCodeFilter(eb, input, now)),
    (codes) =>
      codes
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
        .orderBy('recharge_codes.created_at', 'desc')
        .orderBy('recharge_codes.code'),
    (row) => ({
      id: row.id,
      code: row.code,
      valueCents: row.value_cents,
      batchName: row.batch_name,
      status: effectiveStatusOf(row, now),
      expiresAt: row.expires_at,
      createdAt: row.created_at,
      usedAt: row.used_at,
      usedBy: row.used_by && row.used_by_email ? { id: row.used_by, email: row.used_by_email, nickname: row.used_by_nickname ?? row.used_by_email } : null,
    }),
  );
}

/** The stats cards: codes by status and what the still-redeemable ones are worth. */
export async function rechargeCodeStats(db: Kysely<Database>, now: Date): Promise<z.output<typeof ZAdminRechargeCodeStats>> {
  const live = sql<boolean>`status = 'active' AND (expires_at IS NULL OR expires_at > ${now})`;
  const row = await db
    .selectFrom('recharge_codes')
    .select([
      sql<number>`count(*)::int`.as('total'),
      sql<number>`(count(*) FILTER (WHERE ${live}))::int`.as('active'),
      sql<number>`(count(*) FILTER (WHERE status = 'used'))::int`.as('used'),
      sql<number>`(count(*) FILTER (WHERE status = 'disabled'))::int`.as('disabled'),
      sql<number>`(count(*) FILTER (WHERE status = 'active' AND expires_at <= ${now}))::int`.as('expired'),
      sql<string>`coalesce(sum(value_cents) FILTER (WHERE ${live}), 0)::text`.as('active_value'),
    ])
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.total),
    active: Number(row.active),
    used: Number(row.used),
    disabled: Number(row.disabled),
    expired: Number(row.expired),
    activeValueCents: Number(row.active_value),
  };
}
