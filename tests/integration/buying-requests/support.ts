import type { TCreateBuyingRequestInput } from '@curio/shared';
import { callerFor, type TestServices } from '../../helpers/services.ts';
import { insertTestUser } from '../../helpers/users.ts';

/** A signed-in member: the user row and a caller acting as them. */
export async function member(services: TestServices, nickname?: string) {
  const user = await insertTestUser(services.db, nickname ? { nickname } : {});
  return { user, api: await callerFor(services, user.id) };
}

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
