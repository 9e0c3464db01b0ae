import { TRPCClientError } from '@trpc/client';
import type { TBalances } from '@curio/shared';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { browserAuth, callerFor, type TestServices } from '../../helpers/services.ts';
import { insertTestUser } from '../../helpers/users.ts';
import { SubscriptionRecorder, createTestSession, openWsClient, type TestWsClient } from '../../helpers/ws-client.ts';
import { runInTransaction } from '../../../server/src/db/transaction.ts';
import { publishBalanceChanges, publishBalanceChangesInTransaction, transfer } from '../../../server/src/domain/ledger/index.ts';
import { createCallerFactory } from '../../../server/src/trpc/init.ts';
import { appRouter, type AppRouter } from '../../../server/src/trpc/app-router.ts';
import { createInnerContext } from '../../../server/src/trpc/context.ts';
import { loadAuthUser } from '../../../server/src/domain/accounts/sessions.ts';
import { appCodeOf, fund } from './ledger-fixtures.ts';
import { eventually } from '../../helpers/eventually.ts';

/** Resolves with the iterator's next step, or rejects if none comes in time (instead of hanging). */
function nextWithin<T>(iterator: AsyncIterator<T>, ms = 2_000): Promise<IteratorResult<T>> {
  return Promise.race([iterator.next(), new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no value within ${ms} ms`)), ms))]);
}

async function balancesIterator(services: TestServices, userId: string, signal?: AbortSignal): Promise<AsyncIterator<TBalances>> {
  const user = await loadAuthUser(services.db, userId);
  if (!user) throw new Error('no such user');
  const caller = createCallerFactory(appRouter)(createInnerContext({ services, auth: browserAuth(user) }), signal ? { signal } : undefined);
  const iterable = await caller.wallet.onBalances();
  return iterable[Symbol.asyncIterator]();
}

describe('wallet.balances', () => {
  test('returns available and held USDN in cents and spendable points', async ({ db, member }) => {
    const { id: memberId, api: caller } = await member();
    expect(await caller.wallet.balances()).toEqual({ usdnAvailableCents: 0, usdnHeldCents: 0, usdnEscrowCents: 0, points: 0 });

    await fund(db.db, memberId, 'usdn', 12_345);
    await fund(db.db, memberId, 'points', 40);
    await runInTransaction(db.db, (trx) =>
      transfer(trx, { currency: 'usdn', from: { user: memberId }, to: { user: memberId, kind: 'held' }, amount: 1_000, kind: 'withdrawal_hold' }),
    );
    expect(await caller.wallet.balances()).toEqual({ usdnAvailableCents: 11_345, usdnHeldCents: 1_000, usdnEscrowCents: 0, points: 40 });
  });

  test('is refused to a visitor with LOGIN_REQUIRED', async ({ services }) => {
    const caller = await callerFor(services);
    await expect(caller.wallet.balances()).rejects.toSatisfy((error) => appCodeOf(error) === 'LOGIN_REQUIRED');
  });
});

describe('wallet.onBalances through the caller', () => {
  test('yields the balances at once, then fresh ones after each committed change', async ({ db, services }) => {
    const member = await insertTestUser(db.db);
    const other = await insertTestUser(db.db);
    await fund(db.db, member.id, 'usdn', 500);
    const iterator = await balancesIterator(services, member.id);

    expect((await nextWithin(iterator)).value).toEqual({ usdnAvailableCents: 500, usdnHeldCents: 0, usdnEscrowCents: 0, points: 0 });

    const { affectedUserIds } = await fund(db.db, member.id, 'points', 7);
    await publishBalanceChanges(services.events, affectedUserIds);
    expect((await nextWithin(iterator)).value).toEqual({ usdnAvailableCents: 500, usdnHeldCents: 0, usdnEscrowCents: 0, points: 7 });

    // an event with nothing changed, and another user's change, yield nothing new
    await publishBalanceChanges(services.events, [member.id]);
    await fund(db.db, other.id, 'usdn', 100);
    await publishBalanceChanges(services.events, [other.id]);
    const transferred = await runInTransaction(db.db, (trx) =>
      transfer(trx, { currency: 'usdn', from: { user: member.id }, to: { user: other.id }, amount: 200, kind: 'transfer' }),
    );
    await publishBalanceChanges(services.events, transferred.affectedUserIds);
    expect((await nextWithin(iterator)).value).toEqual({ usdnAvailableCents: 300, usdnHeldCents: 0, usdnEscrowCents: 0, points: 7 });

    await iterator.return?.();
    expect(services.events.listenerCount(member.id)).toBe(0);
  });

  test('an abort while waiting for a change ends the stream and releases the listener', async ({ db, services }) => {
    const member = await insertTestUser(db.db);
    const controller = new AbortController();
    const iterator = await balancesIterator(services, member.id, controller.signal);
    await nextWithin(iterator);
    expect(services.events.listenerCount(member.id)).toBe(1);

    const pending = nextWithin(iterator);
    controller.abort();
    expect(await pending).toEqual({ done: true, value: undefined });
    expect(services.events.listenerCount(member.id)).toBe(0);
  });

  test('is refused to a visitor with LOGIN_REQUIRED', async ({ services }) => {
    const caller = await callerFor(services);
    await expect(caller.wallet.onBalances()).rejects.toSatisfy((error) => appCodeOf(error) === 'LOGIN_REQUIRED');
  });
});

describe('wallet.onBalances over the WebSocket', () => {
  const clients: TestWsClient[] = [];

  test.afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });

  test('a change published inside the transaction reaches the subscriber after the commit, a rollback sends nothing', async ({ server }) => {
    const member = await insertTestUser(server.services.db);
    const { cookie } = await createTestSession(server.services.db, server.services.clock, member.id);
    const client = openWsClient(server.url, { cookie });
    clients.push(client);

    const recorder = new SubscriptionRecorder<TBalances>();
    const subscription = client.trpc.wallet.onBalances.subscribe(undefined, {
      onData: (balances) => recorder.push(balances),
      onError: (error) => recorder.fail(error),
    });
    expect(await recorder.waitForValues(1)).toEqual([{ usdnAvailableCents: 0, usdnHeldCents: 0, usdnEscrowCents: 0, points: 0 }]);

    await runInTransaction(server.services.db, async (trx) => {
      const { affectedUserIds } = await transfer(trx, {
        currency: 'usdn',
        from: { system: 'issuance' },
        to: { user: member.id },
        amount: 2_500,
        kind: 'usdt_recharge',
      });
      await publishBalanceChangesInTransaction(trx, server.services.events, affectedUserIds);
    });
    expect((await recorder.waitForValues(2))[1]).toEqual({ usdnAvailableCents: 2_500, usdnHeldCents: 0, usdnEscrowCents: 0, points: 0 });

    // the balance would not change anyway, so watch the bus itself for a leaked event
    const delivered: string[] = [];
    const stopWatching = server.services.events.subscribe(member.id, (event) => delivered.push(event.type));
    const failed = runInTransaction(server.services.db, async (trx) => {
      await publishBalanceChangesInTransaction(trx, server.services.events, [member.id]);
      await transfer(trx, { currency: 'usdn', from: { user: member.id }, to: { system: 'fees' }, amount: 9_999, kind: 'publish_fee' });
    });
    await expect(failed).rejects.toSatisfy((error) => appCodeOf(error) === 'INSUFFICIENT_BALANCE');
    // the sentinel: an event published after the rollback must be the first the bus delivers
    await server.services.events.publish({ type: 'notifications-changed', userId: member.id });
    await eventually(() => delivered.length > 0);
    expect(delivered).toEqual(['notifications-changed']);
    stopWatching();
    expect(recorder.values).toHaveLength(2);
    subscription.unsubscribe();
  });

  test('a visitor socket gets LOGIN_REQUIRED', async ({ server }) => {
    const client = openWsClient(server.url);
    clients.push(client);
    const recorder = new SubscriptionRecorder<TBalances>();
    client.trpc.wallet.onBalances.subscribe(undefined, {
      onData: (balances) => recorder.push(balances),
      onError: (error) => recorder.fail(error),
    });
    const error = await recorder.waitForError();
    expect(error).toBeInstanceOf(TRPCClientError);
    expect((error as TRPCClientError<AppRouter>).data?.appError.code).toBe('LOGIN_REQUIRED');
  });
});
