import type { TCreateBuyingRequestInput } from '@curio/shared';
import { member } from '../../helpers/world.ts';
export { member };

/** A signed-in member: the user row and a caller acting as them. */

export function requestInput(overrides: Partial<TCreateBuyingRequestInput> = {}): TCreateBuyingRequestInput {
  return {
    title: 'Looking for a 1970s Seiko diver',
    description: 'Original dial, working movement, any strap.',
    category: 'goods',
    budgetMinCents: 10_000,
    budgetMaxCents: 50_000,
    ...overrides,
  };
}
