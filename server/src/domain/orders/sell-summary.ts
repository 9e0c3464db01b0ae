import type { z } from 'zod';
import { sql } from 'kysely';
import type { ZSellSummary, ZSellSummaryInput } from '@curio/shared';
import { ORDER_LIMITS } from '@curio/shared';
import { memberTimeZone } from './member-time-zone.ts';
import { monthRangeIn } from './local-time.ts';
import type { AppServices } from '../../app-services.ts';

/**
 * The sell tab's cards (rule O-15): orders to ship and how many are urgent, this
 * month's revenue (totals of orders completed this calendar month in the member's time zone)
 * and the number of orders sold overall.
 */
export async function sellerMonthSummary(
  services: AppServices,
  memberId: string,
  input: z.output<typeof ZSellSummaryInput>,
): Promise<z.output<typeof ZSellSummary>> {
  const now = services.clock.now();
  const timeZone = await memberTimeZone(services.db, memberId, input.timeZone);
  const month = monthRangeIn(now, timeZone);
  const urgentBefore = new Date(now.getTime() - ORDER_LIMITS.urgentAfterMs);
  const row = await services.db
    .selectFrom('orders')
    .select([
      sql<number>`count(*) FILTER (WHERE status = 'paid')::int`.as('to_ship'),
      sql<number>`count(*) FILTER (WHERE status = 'paid' AND paid_at < ${urgentBefore}::timestamptz)::int`.as('urgent'),
      sql<number>`COALESCE(sum(total_cents) FILTER (WHERE status = 'completed' AND completed_at >= ${month.start}::timestamptz AND completed_at < ${month.end}::timestamptz), 0)::bigint`.as(
        'month_revenue',
      ),
      sql<number>`count(*)::int`.as('total'),
    ])
    .where('seller_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return {
    toShip: Number(row.to_ship),
    urgent: Number(row.urgent),
    monthRevenueCents: Number(row.month_revenue),
    totalOrders: Number(row.total),
  };
}
