import type { TTip } from '@curio/shared';
import type { AppServices } from '../../../app-services.ts';
import { orderOfParty } from '../lock-order.ts';
import { loadTips } from './read.ts';

/** The tips on an order, newest first, for its buyer and seller only. */
export async function tipsForOrder(services: AppServices, memberId: string, input: { orderId: string }): Promise<TTip[]> {
  const order = await orderOfParty(services.db, input.orderId, memberId);
  return loadTips(services.db, { orderId: order.id });
}
