import type { z } from 'zod';
import { sql } from 'kysely';
import { uploadUrl, type TRechargeStatus, type ZAdminUsdtRechargeListInput, type ZAdminUsdtRechargePage, type ZAdminUsdtRechargeStats } from '@curio/shared';
import { adminPage, containsPattern } from '../paged-list.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

type Input = z.output<typeof ZAdminUsdtRechargeListInput>;

/** Each filter tab and the stored statuses it shows: waiting (pending, reviewing) and done (approved, completed). */
const FILTER_STATUSES: Record<Exclude<Input['status'], 'all'>, TRechargeStatus[]> = {
  pending: ['pending', 'reviewing'],
  approved: ['approved', 'completed'],
  rejected: ['rejected'],
};

/** The USDT top-ups tab (rule AD-22): every top-up request, newest first, by status tab and nickname or hash search. */
export async function listUsdtRecharges(
  db: Kysely<Database>,
  input: z.output<typeof ZAdminUsdtRechargeListInput>,
): Promise<z.output<typeof ZAdminUsdtRechargePage>> {
  const base = db
    .selectFrom('usdt_recharge_requests as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .innerJoin('profiles as member', 'member.user_id', 'r.user_id')
    .$if(input.status !== 'all', (qb) => qb.where('r.status', 'in', FILTER_STATUSES[input.status as Exclude<Input['status'], 'all'>]))
    .$if(input.search !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([eb('member.nickname', 'ilike', containsPattern(input.search ?? '')), eb('r.transaction_hash', 'ilike', containsPattern(input.search ?? ''))]),
      ),
    );
  return adminPage(
    input,
    base,
    (recharges) =>
      recharges
        .leftJoin('profiles as reviewer', 'reviewer.user_id', 'r.reviewed_by')
        .select([
          'r.id',
          'r.user_id',
          'u.email',
          'member.nickname',
          'r.usdt_amount_cents',
          'r.status',
          'r.transaction_hash',
          'r.payment_proof',
          'r.credited_cents',
          'r.admin_notes',
          'r.rejection_reason',
          'r.reviewed_by',
          'reviewer.nickname as reviewer_nickname',
          'r.reviewed_at',
          'r.created_at',
        ])
        .orderBy(input.sort === 'amount' ? 'r.usdt_amount_cents' : 'r.created_at', input.direction)
        .orderBy('r.id', input.direction),
    (row) => ({
      id: row.id,
      member: { id: row.user_id, nickname: row.nickname, email: row.email },
      usdtAmountCents: row.usdt_amount_cents,
      status: row.status as TRechargeStatus,
      transactionHash: row.transaction_hash,
      proofUrls: row.payment_proof.map((key) => uploadUrl(key)),
      creditedCents: row.credited_cents,
      adminNotes: row.admin_notes,
      rejectionReason: row.rejection_reason,
      reviewer: row.reviewed_by ? { id: row.reviewed_by, nickname: row.reviewer_nickname ?? '' } : null,
      reviewedAt: row.reviewed_at,
      createdAt: row.created_at,
    }),
  );
}

/** The five cards of the USDT top-ups tab (rule AD-22): all, waiting, approved, rejected, and the USDN credited so far. */
export async function usdtRechargeStats(db: Kysely<Database>): Promise<z.output<typeof ZAdminUsdtRechargeStats>> {
  const row = await db
    .selectFrom('usdt_recharge_requests')
    .select([
      sql<number>`count(*)::int`.as('total'),
      sql<number>`(count(*) FILTER (WHERE status IN ('pending', 'reviewing')))::int`.as('pending'),
      sql<number>`(count(*) FILTER (WHERE status IN ('approved', 'completed')))::int`.as('approved'),
      sql<number>`(count(*) FILTER (WHERE status = 'rejected'))::int`.as('rejected'),
      sql<string>`coalesce(sum(credited_cents) FILTER (WHERE status IN ('approved', 'completed')), 0)::text`.as('credited'),
    ])
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.total),
    pending: Number(row.pending),
    approved: Number(row.approved),
    rejected: Number(row.rejected),
    creditedCents: Number(row.credited),
  };
}
