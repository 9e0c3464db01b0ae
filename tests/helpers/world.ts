import { callerFor, type TestServices } from './services.ts';
import { insertTestUser } from './users.ts';
import { fund } from '../integration/ledger/ledger-fixtures.ts';

/**
 * A signed-in member and their procedure caller, with `usdnCents` of available USDN and `points`
 * when given. Tests get it as the `member` fixture (tests/helpers/fixtures.ts); world builders that
 * take `services` (a paid order, a shop) call it directly.
 */
export async function member(services: TestServices, options: { nickname?: string; usdnCents?: number; points?: number } = {}) {
  const user = await insertTestUser(services.db, options.nickname ? { nickname: options.nickname } : {});
  if (options.usdnCents) await fund(services.db, user.id, 'usdn', options.usdnCents);
  if (options.points) await fund(services.db, user.id, 'points', options.points);
  return { user, id: user.id, api: await callerFor(services, user.id) };
}
