import type { z } from 'zod';
import { sql } from 'kysely';
import type { TWithdrawalStatus, ZAdminUsdnWithdrawalListInput, ZAdminUsdnWithdrawalPage, ZAdminUsdnWithdrawalStats } from '@curio/shared';
import { adminPage, containsPattern } from '../paged-list.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

type Input = z.output<typeof ZAdminUsdnWithdrawalListInput>;

/**
 * Each filter tab and the stored statuses it shows. 'approved' is a legacy label the resolver
 * still treats as actionable, so it waits with 'pending'.
 */
const FILTER_STATUSES: Record<Exclude<Input['status'], 'all'>, TWithdrawalStatus[]> = {
  pending: ['pending', 'approved'],
  completed: ['completed'],
  rejected: ['rejected'],
};

/** The USDN withdrawals tab (rule AD-23): every withdrawal request, newest first; search by nickname, e-mail, address or hash. */
export async function listUsdnWithdrawals(
  db: Kysely<Database>,
  input: z.output<typeof ZAdminUsdnWithdrawalListInput>,
): Promise<z.output<typeof ZAdminUsdnWithdrawalPage>> {
  const pattern = containsPattern(input.search ?? '');
  const base = db
    .selectFrom('usdn_withdrawal_requests as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .innerJoin('profiles as member', 'member.user_id', 'w.user_id')
    .$if(input.status !== 'all', (qb) => qb.where('w.status', 'in', FILTER_STATUSES[input.status as Exclude<Input['status'], 'all'>]))
    .$if(input.search !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('member.nickname', 'ilike', pattern),
          eb('u.email', 'ilike', pattern),
          eb('w.withdrawal_address', 'ilike', pattern),
          eb('w.transaction_hash', 'ilike', pattern),
        ]),
      ),
    );
  return adminPage(
    input,
    base,
    (withdrawals) =>
      withdrawals
        .leftJoin('profiles as reviewer', 'reviewer.user_id', 'w.processed_by')
        .select([
          'w.id',
          'w.user_id',
          'u.email',
          'member.nickname',
          'w.usdn_amount_cents',
          'w.fee_cents',
          'w.usdt_amount_cents',
          'w.network',
          'w.withdrawal_address',
          'w.status',
          'w.transaction_hash',
          'w.rejection_reason',
          'w.processed_by',
          'reviewer.nickname as reviewer_nickname',
          'w.processed_at',
          'w.created_at',
        ])
        .orderBy(input.sort === 'amount' ? 'w.usdn_amount_cents' : 'w.created_at', input.direction)
        .orderBy('w.id', input.direction),
    (row) => ({
      id: row.id,
      member: { id: row.user_id, nickname: row.nickname, email: row.email },
      usdnAmountCents: row.usdn_amount_cents,
      feeCents: row.fee_cents,
      usdtAmountCents: row.usdt_amount_cents,
      network: row.network,
      withdrawalAddress: row.withdrawal_address,
      status: row.status as TWithdrawalStatus,
      transactionHash: row.transaction_hash,
      rejectionReason: row.rejection_reason,
      reviewer: row.processed_by ? { id: row.processed_by, nickname: row.reviewer_nickname ?? '' } : null,
      processedAt: row.processed_at,
      createdAt: row.created_at,
    }),
  );
}

/** The cards above the list: what waits (and how much USDT it will take), what was done. */
export async function usdnWithdrawalStats(db: Kysely<Database>): Promise<z.output<typeof ZAdminUsdnWithdrawalStats>> {
  const row = await db
    .selectFrom('usdn_withdrawal_requests')
    .select([
      sql<number>`(count(*) FILTER (WHERE status IN ('pending', 'approved')))::int`.as('pending'),
      sql<string>`coalesce(sum(usdt_amount_cents) FILTER (WHERE status IN ('pending', 'approved')), 0)::text`.as('pending_usdt'),
      sql<number>`(count(*) FILTER (WHERE status = 'completed'))::int`.as('completed'),
      sql<number>`(count(*) FILTER (WHERE status = 'rejected'))::int`.as('rejected'),
    ])
    .executeTakeFirstOrThrow();
  return {
    pending: Number(row.pending),
    pendingUsdtCents: Number(row.pending_usdt),
    completed: Number(row.completed),
    rejected: Number(row.rejected),
  };
}
