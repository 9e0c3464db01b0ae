import type { Kysely } from 'kysely';
import { POINTS_RULES, pointsRedemptionQuote, ZPointsRedemptionStatus, ZRedemptionMethod, type TPointsRedemption, type TRedemptionMethod } from '@curio/shared';
import type { AppServices } from '../../app-services.ts';
import type { Database, PointsWithdrawalRequestsTable } from '../../db/schema.ts';
import type { Selectable } from 'kysely';
import { runInTransaction } from '../../db/transaction.ts';
import { DomainError } from '../domain-error.ts';
import { publishBalanceChanges, transfer } from '../ledger/index.ts';
import { withIdempotency } from '../ledger/with-idempotency.ts';

export const POINTS_REDEMPTION_REFERENCE = 'points_withdrawal';

type Row = Selectable<PointsWithdrawalRequestsTable>;

export function toPointsRedemption(row: Row): TPointsRedemption {
  const status = ZPointsRedemptionStatus.safeParse(row.status);
  return {
    id: row.id,
    points: row.points_amount,
    method: ZRedemptionMethod.parse(row.withdrawal_method),
    account: row.account_info,
    feePoints: row.fee_points,
    cashCents: row.cash_amount_cents,
    status: status.success ? status.data : 'pending',
    adminNotes: row.admin_notes,
    createdAt: row.created_at.toISOString(),
    processedAt: row.processed_at?.toISOString() ?? null,
  };
}

export interface PointsRedemptionRequest {
  points: number;
  method: TRedemptionMethod;
  account: string;
  idempotencyKey: string;
}

/**
 * Points redemption (rule P-9) with engineering rule E-5: the request holds its points at once
 * (available -> held), so they cannot be spent again while an admin reviews it; rejection
 * releases them, approval burns them (resolve-points-redemption.ts). The ledger refuses a hold
 * larger than the available points with INSUFFICIENT_POINTS, under its row lock, so parallel
 * requests can never overspend. The idempotency key makes a double submit one request.
 */
export async function createPointsRedemption(services: AppServices, userId: string, input: PointsRedemptionRequest): Promise<TPointsRedemption> {
  if (input.points < POINTS_RULES.redemptionMinimumPoints) {
    throw new DomainError('POINTS_REDEMPTION_MINIMUM', { min: POINTS_RULES.redemptionMinimumPoints });
  }
  const account = input.account.trim();
  if (!account) throw new DomainError('ACCOUNT_REQUIRED');
  if (account.length > POINTS_RULES.accountMaxLength) throw new DomainError('CONTENT_TOO_LONG', { max: POINTS_RULES.accountMaxLength });
  const quote = pointsRedemptionQuote(input.points);
  const now = services.clock.now();
  let affected: string[] = [];
  const result = await runInTransaction(services.db, (trx) =>
    withIdempotency(
      trx,
      {
        userId,
        key: input.idempotencyKey,
        operation: 'points.redemption.create',
        params: { points: input.points, method: input.method, account },
      },
      async () => {
        const row = await trx
          .insertInto('points_withdrawal_requests')
          .values({
            user_id: userId,
            points_amount: quote.points,
            fee_points: quote.feePoints,
            cash_amount_cents: quote.cashCents,
            withdrawal_method: input.method,
            account_info: account,
            status: 'pending',
            created_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        const hold = await transfer(trx, {
          currency: 'points',
          from: { user: userId },
          to: { user: userId, kind: 'held' },
          amount: quote.points,
          kind: 'withdrawal_hold',
          referenceType: POINTS_REDEMPTION_REFERENCE,
          referenceId: row.id,
          memo: input.method,
          createdBy: userId,
        });
        affected = hold.affectedUserIds;
        return toPointsRedemption(row);
      },
    ),
  );
  await publishBalanceChanges(services.events, affected);
  return result;
}

/** The member's redemption history, newest first (rule P-11). */
export async function listPointsRedemptions(db: Kysely<Database>, userId: string): Promise<TPointsRedemption[]> {
  const rows = await db
    .selectFrom('points_withdrawal_requests')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return rows.map(toPointsRedemption);
}
