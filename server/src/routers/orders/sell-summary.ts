import { ZSellSummary, ZSellSummaryInput } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { sellerMonthSummary } from '../../domain/orders/sell-summary.ts';

/**
 * The sell tab's cards (rule O-15): orders to ship and how many are urgent, this
 * month's revenue (totals of orders completed this calendar month in the member's time zone)
 * and the number of orders sold overall.
 */
export const sellSummary = memberProcedure
  .input(ZSellSummaryInput)
  .output(ZSellSummary)
  .query(({ ctx, input }) => sellerMonthSummary(ctx.services, ctx.user.id, input));
