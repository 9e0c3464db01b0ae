import type { z } from 'zod';
import type { ZTip, ZTipsForOrderInput } from '@curio/shared';
import { DomainError } from '../../domain-error.ts';
import { loadTips } from './read.ts';
import type { AppServices } from '../../../app-services.ts';

/** The tips on an order, newest first, for its buyer and seller only. */
export async function tipsForOrder(services: AppServices, memberId: string, input: z.output<typeof ZTipsForOrderInput>): Promise<z.output<typeof ZTip>[]> {
  const order = await services.db
    .selectFrom('orders')
    .select(['id', 'buyer_id', 'seller_id'])
    .where('id', '=', input.orderId)
    .executeTakeFirst();
  if (!order) throw new DomainError('ORDER_NOT_FOUND');
  if (order.buyer_id !== memberId && order.seller_id !== memberId) throw new DomainError('ORDER_ACCESS_DENIED');
  return loadTips(services.db, { orderId: order.id });
}
