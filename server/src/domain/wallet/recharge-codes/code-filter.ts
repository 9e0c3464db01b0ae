import { type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import { normaliseRedeemCode, type TRechargeCodeStatus } from '@curio/shared';
import type { Database } from '../../../db/schema.ts';
import { containsPattern } from '../../admin/paged-list.ts';

type CodesEb = ExpressionBuilder<Database, 'recharge_codes'>;

/**
 * The status a code shows. 'expired' is not stored (the column allows active, used, disabled):
 * an active code past its expiry reads as expired, exactly when redemption starts refusing it.
 */
export function effectiveStatusOf(row: { status: string; expires_at: Date | null }, now: Date): TRechargeCodeStatus {
  if (row.status === 'active' && row.expires_at !== null && row.expires_at <= now) return 'expired';
  return row.status as TRechargeCodeStatus;
}

/** The SQL twin of effectiveStatusOf, for filters and counts. */
export function whereEffectiveStatus(eb: CodesEb, status: TRechargeCodeStatus, now: Date): Expression<SqlBool> {
  switch (status) {
    case 'active':
      return eb.and([
        eb('recharge_codes.status', '=', 'active'),
        eb.or([eb('recharge_codes.expires_at', 'is', null), eb('recharge_codes.expires_at', '>', now)]),
      ]);
    case 'expired':
      return eb.and([eb('recharge_codes.status', '=', 'active'), eb('recharge_codes.expires_at', '<=', now)]);
    default:
      return eb('recharge_codes.status', '=', status);
  }
}

export interface CodeFilter {
  status?: TRechargeCodeStatus | undefined;
  batchName?: string | undefined;
  search?: string | undefined;
}

/**
 * Status, exact batch and free-text search (the code with or without dashes, or the batch name).
 * Deleted used codes never match: they are kept only for their redemption (ADR 0032).
 */
export function whereCodeFilter(eb: CodesEb, filter: CodeFilter, now: Date): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [eb('recharge_codes.deleted_at', 'is', null)];
  if (filter.status) parts.push(whereEffectiveStatus(eb, filter.status, now));
  if (filter.batchName) parts.push(eb('recharge_codes.batch_name', '=', filter.batchName));
  if (filter.search) {
    const code = normaliseRedeemCode(filter.search);
    const ors = [eb('recharge_codes.batch_name', 'ilike', containsPattern(filter.search))];
    if (code) ors.push(eb('recharge_codes.code', 'like', containsPattern(code)));
    parts.push(eb.or(ors));
  }
  return eb.and(parts);
}
