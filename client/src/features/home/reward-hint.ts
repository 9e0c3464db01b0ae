import { percentOfCentsFloor, type Cents } from '@curio/shared';

/** Rule F-6: the points a purchase earns, floor(5 % of the USDN price), in whole points. */
export const PURCHASE_REWARD_PERCENT = 5;

export function rewardHintPoints(priceCents: Cents): number {
  // floor(floor(x) / 100) = floor(x / 100) for non-negative x: whole points of the 5 % in cents
  return Math.floor(percentOfCentsFloor(priceCents, PURCHASE_REWARD_PERCENT) / 100);
}
