import { describe, expect, test } from '../../helpers/fixtures.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../server/src/db/schema.ts';
import { getBalances } from '../../../server/src/domain/ledger/index.ts';
import { callerFor } from '../../helpers/services.ts';
import { NEEDS_POSTGRES, onRealPostgres } from '../../helpers/test-db.ts';
import { fundPoints, listingInput } from './support.ts';

if (!onRealPostgres()) console.warn(`[listings races] skipped: ${NEEDS_POSTGRES}`);

async function listingsOf(db: Kysely<Database>, sellerId: string) {
  return db.selectFrom('listings').select('id').where('seller_id', '=', sellerId).execute();
}

describe('publishing under concurrency (real PostgreSQL)', () => {
  test.skipIf(!onRealPostgres())('ten publishes racing over three points: exactly three listings, balance 0', async ({ db, services, member }) => {
    const { user, api: caller } = await member();
    await fundPoints(services, user.id, 3);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, index) => caller.marketplace.listings.create(listingInput({ title: `race ${index}` }))),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(String((outcome.reason as Error).message)).toBe('PUBLISH_POINTS_REQUIRED');
    }
    expect(await listingsOf(db.db, user.id)).toHaveLength(3);
    expect((await getBalances(db.db, user.id)).points).toBe(0);
  });

  test.skipIf(!onRealPostgres())('eight submits racing with one idempotency key: one listing, one point', async ({ db, services, member }) => {
    const { user, api: caller } = await member();
    await fundPoints(services, user.id, 5);
    const input = listingInput({ idempotencyKey: 'race-key-7f3e2a10' });
    const results = await Promise.all(Array.from({ length: 8 }, () => caller.marketplace.listings.create(input)));
    expect(new Set(results.map((result) => result.id)).size).toBe(1);
    expect(await listingsOf(db.db, user.id)).toHaveLength(1);
    expect((await getBalances(db.db, user.id)).points).toBe(4);
  });

  test.skipIf(!onRealPostgres())('twenty views racing from ten viewers count ten', async ({ db, services, member }) => {
    const seller = await member();
    await fundPoints(services, seller.id, 1);
    const { id } = await seller.api.marketplace.listings.create(listingInput());
    const visitor = await callerFor(services);
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        visitor.marketplace.listings.recordView({ id, visitorKey: `racing-visitor-${String(index % 10).padStart(4, '0')}` }),
      ),
    );
    const row = await db.db.selectFrom('listings').select('view_count').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.view_count).toBe(10);
  });
});
