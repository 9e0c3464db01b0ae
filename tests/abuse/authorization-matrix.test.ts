import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import type { AppErrorCode } from '@curio/shared';
import { toAppErrorData } from '../../server/src/trpc/error-formatter.ts';
import { describe, expect, test } from '../helpers/fixtures.ts';
import { callerFor, type TestServices } from '../helpers/services.ts';
import { insertTestUser, type TestUser } from '../helpers/users.ts';
import { fund } from '../integration/ledger/ledger-fixtures.ts';
import { insertListing } from '../integration/orders/support.ts';
import { insertTestBuyingRequest } from '../integration/social/fixtures.ts';
import { PUBLIC, nonAdminProcedures, tableCounts } from './support.ts';

/**
 * Authorization matrix (rule A-3). Every procedure outside admin.* (tests/integration/admin/
 * access.test.ts walks those) is classified below, and the guard test fails when a procedure is
 * added to the router without a classification:
 *
 *  - PUBLIC: publicProcedure; a visitor may call it. Privacy inside it (hidden activities,
 *    taken-down listings) has its own rows in the matrix or its own test.
 *  - OWN_DATA: a member procedure that reads or changes only the caller's own data, chosen by
 *    the session, never by an id in the input (balances, my orders, my notifications...). A
 *    visitor gets LOGIN_REQUIRED; the tests at the end show foreign ids do not cross over.
 *  - MATRIX: a member procedure whose input names another object (an order, a listing, an
 *    offer, a comment...). Each has a row saying what each of five callers gets.
 *
 * The five callers of a row, each on a FRESH fixture (so one caller's success never decides
 * another's answer):
 *   visitor  - not signed in
 *   owner    - the object's owner: listing seller, request poster, order BUYER, comment/review
 *              author, token holder
 *   party    - the other side of a two-sided object: the order's seller, the offer's maker
 *              (on the owner's request), the listing's seller under the owner's comment
 *   stranger - another member with no part in it
 *   admin    - an admin acting through the MEMBER procedure (admin powers live in admin.*)
 * 'ok' = allowed; otherwise the exact app code. Every refusal must also leave every table's row
 * count unchanged.
 */

type Outcome = 'ok' | AppErrorCode;
type Actor = 'visitor' | 'owner' | 'party' | 'stranger' | 'admin';

interface World {
  services: TestServices;
  owner: TestUser;
  party: TestUser;
  stranger: TestUser;
  admin: TestUser;
}

interface MatrixRow {
  path: string;
  /** Builds a fresh object for one call and returns that call's input. */
  setup: (world: World) => Promise<unknown>;
  expect: Record<Actor, Outcome>;
}

let world: World;

test.beforeAll(async ({ services }) => {
  const [owner, party, stranger, admin] = [
    await insertTestUser(services.db, { nickname: 'owner' }),
    await insertTestUser(services.db, { nickname: 'party' }),
    await insertTestUser(services.db, { nickname: 'stranger' }),
    await insertTestUser(services.db, { nickname: 'admin', admin: true }),
  ];
  for (const user of [owner, party, stranger, admin]) {
    await fund(services.db, user.id, 'usdn', 10_000_000);
    await fund(services.db, user.id, 'points', 100_000);
  }
  world = { services, owner, party, stranger, admin };
});

function api(user?: TestUser) {
  return callerFor(world.services, user?.id);
}

/** Calls `path` on the caller with `input`, the way the HTTP adapter would dispatch it. */
async function invoke(caller: Awaited<ReturnType<typeof api>>, path: string, input: unknown): Promise<Outcome> {
  let target: unknown = caller;
  for (const part of path.split('.')) target = (target as Record<string, unknown>)[part];
  try {
    await (target as (input: unknown) => Promise<unknown>)(input);
    return 'ok';
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    expect(error.code, `${path}: ${error.message}`).not.toBe('INTERNAL_SERVER_ERROR');
    return toAppErrorData(error).code;
  }
}

// ---- fixtures: each call builds its own ------------------------------------------------------

async function listingOf(sellerId: string, status?: string) {
  return insertListing(world.services.db, sellerId, { quantity: 5, ...(status ? { status } : {}) });
}

/** An order with the owner as buyer and the party as seller, taken to `stage`. */
async function order(stage: 'paid' | 'shipped' | 'completed'): Promise<string> {
  const ownerApi = await api(world.owner);
  const partyApi = await api(world.party);
  const listingId = await listingOf(world.party.id);
  const { orderId } = await ownerApi.orders.purchase({ listingId, quantity: 1, idempotencyKey: randomUUID() });
  if (stage === 'paid') return orderId;
  await partyApi.orders.ship({ orderId, deliveryInfo: 'SF Express 1234567890' });
  if (stage === 'shipped') return orderId;
  await ownerApi.orders.confirmReceipt({ orderId, idempotencyKey: randomUUID() });
  return orderId;
}

/** The owner's open request with an active offer from the party. */
async function offer(): Promise<{ requestId: string; offerId: string }> {
  const requestId = await insertTestBuyingRequest(world.services.db, world.owner.id);
  const made = await (await api(world.party)).marketplace.offers.create({ requestId, priceCents: 2_000, message: 'I have one.' });
  return { requestId, offerId: made.id };
}

async function ownersComment(): Promise<string> {
  const listingId = await listingOf(world.party.id);
  const comment = await (await api(world.owner)).marketplace.comments.create({ listingId, content: 'Is it still available?' });
  return comment.id;
}

async function ownersReview(): Promise<string> {
  const orderId = await order('completed');
  const review = await (await api(world.owner)).marketplace.reviews.create({ orderId, rating: 5, content: 'Exactly as described.', images: [] });
  return review.id;
}

const listingEdit = {
  title: 'Edited title',
  description: 'An edited description of the thing.',
  category: 'goods',
  unit: 'piece',
  quantity: 2,
  priceCents: 3_000,
  tags: [],
  images: ['listing/2026/11/00000000-0000-4000-8000-000000000001.webp'],
  isAnonymous: false,
};

const requestEdit = { title: 'Still looking for a slide rule', description: 'Any maker, working.', images: [], tags: [] };

// who gets what; the two-party order rows follow lock-order.ts (ORDER_ACCESS_DENIED for anyone
// but the side the action belongs to)
const LOGIN = 'LOGIN_REQUIRED' as const;
const DENIED = 'ORDER_ACCESS_DENIED' as const;

const MATRIX: MatrixRow[] = [
  // orders: the two parties act (rule O-14); an admin reads any order, read-only
  {
    path: 'orders.get',
    setup: async () => ({ orderId: await order('paid') }),
    expect: { visitor: LOGIN, owner: 'ok', party: 'ok', stranger: DENIED, admin: 'ok' },
  },
  {
    path: 'orders.ship',
    setup: async () => ({ orderId: await order('paid'), deliveryInfo: 'SF Express 42' }),
    expect: { visitor: LOGIN, owner: DENIED, party: 'ok', stranger: DENIED, admin: DENIED },
  },
  {
    path: 'orders.confirmReceipt',
    setup: async () => ({ orderId: await order('shipped'), idempotencyKey: randomUUID() }),
    expect: { visitor: LOGIN, owner: 'ok', party: DENIED, stranger: DENIED, admin: DENIED },
  },
  {
    path: 'orders.requestRefund',
    setup: async () => ({ orderId: await order('paid'), reason: 'It never arrived.' }),
    expect: { visitor: LOGIN, owner: 'ok', party: DENIED, stranger: DENIED, admin: DENIED },
  },
  {
    path: 'orders.complain',
    setup: async () => ({ orderId: await order('paid'), type: 'other', reason: 'Something is wrong.', evidenceImages: [] }),
    expect: { visitor: LOGIN, owner: 'ok', party: 'ok', stranger: DENIED, admin: DENIED },
  },
  {
    path: 'orders.tips.send',
    setup: async () => ({ orderId: await order('completed'), currency: 'points', amount: 10, idempotencyKey: randomUUID() }),
    expect: { visitor: LOGIN, owner: 'ok', party: 'TIP_NOT_ALLOWED', stranger: 'TIP_NOT_ALLOWED', admin: 'TIP_NOT_ALLOWED' },
  },
  {
    path: 'orders.tips.forOrder',
    setup: async () => ({ orderId: await order('completed') }),
    expect: { visitor: LOGIN, owner: 'ok', party: 'ok', stranger: DENIED, admin: DENIED },
  },
  {
    path: 'marketplace.reviews.forOrder',
    setup: async () => ({ orderId: await order('completed') }),
    expect: { visitor: LOGIN, owner: 'ok', party: 'ok', stranger: DENIED, admin: DENIED },
  },
  {
    path: 'marketplace.reviews.create',
    setup: async () => ({ orderId: await order('completed'), rating: 4, content: 'Good.', images: [] }),
    expect: { visitor: LOGIN, owner: 'ok', party: 'REVIEW_NOT_ALLOWED', stranger: 'REVIEW_NOT_ALLOWED', admin: 'REVIEW_NOT_ALLOWED' },
  },
  {
    path: 'marketplace.reviews.update',
    setup: async () => ({ reviewId: await ownersReview(), rating: 1, content: 'Changed my mind.', images: [] }),
    expect: { visitor: LOGIN, owner: 'ok', party: 'FORBIDDEN', stranger: 'FORBIDDEN', admin: 'FORBIDDEN' },
  },
  {
    path: 'marketplace.reviews.delete',
    setup: async () => ({ reviewId: await ownersReview() }),
    expect: { visitor: LOGIN, owner: 'ok', party: 'FORBIDDEN', stranger: 'FORBIDDEN', admin: 'FORBIDDEN' },
  },
  {
    path: 'orders.purchase',
    setup: async (w) => ({ listingId: await listingOf(w.owner.id), quantity: 1, idempotencyKey: randomUUID() }),
    expect: { visitor: LOGIN, owner: 'CANNOT_BUY_OWN', party: 'ok', stranger: 'ok', admin: 'ok' },
  },

  // listings: the seller edits and deletes (rule L-10); a taken-down listing is the seller's and admins' only
  {
    path: 'marketplace.listings.update',
    setup: async (w) => ({ id: await listingOf(w.owner.id), ...listingEdit }),
    expect: { visitor: LOGIN, owner: 'ok', party: 'LISTING_EDIT_FORBIDDEN', stranger: 'LISTING_EDIT_FORBIDDEN', admin: 'LISTING_EDIT_FORBIDDEN' },
  },
  {
    path: 'marketplace.listings.delete',
    setup: async (w) => ({ id: await listingOf(w.owner.id) }),
    expect: { visitor: LOGIN, owner: 'ok', party: 'LISTING_EDIT_FORBIDDEN', stranger: 'LISTING_EDIT_FORBIDDEN', admin: 'LISTING_EDIT_FORBIDDEN' },
  },
  {
    path: 'marketplace.listings.get',
    setup: async (w) => ({ id: await listingOf(w.owner.id, 'unavailable') }),
    expect: { visitor: 'LISTING_NOT_FOUND', owner: 'ok', party: 'LISTING_NOT_FOUND', stranger: 'LISTING_NOT_FOUND', admin: 'ok' },
  },
  {
    path: 'marketplace.listings.report',
    setup: async (w) => ({ id: await listingOf(w.owner.id), reason: 'fraud', detail: 'Looks like a scam.' }),
    expect: { visitor: LOGIN, owner: 'CANNOT_REPORT_OWN', party: 'ok', stranger: 'ok', admin: 'ok' },
  },

  // buying requests: the poster edits, deletes and closes (rules B-4, B-5 and B-8)
  {
    path: 'marketplace.buyingRequests.update',
    setup: async (w) => ({ id: await insertTestBuyingRequest(w.services.db, w.owner.id), ...requestEdit }),
    expect: { visitor: LOGIN, owner: 'ok', party: 'EDIT_FORBIDDEN', stranger: 'EDIT_FORBIDDEN', admin: 'EDIT_FORBIDDEN' },
  },
  {
    path: 'marketplace.buyingRequests.delete',
    setup: async (w) => ({ id: await insertTestBuyingRequest(w.services.db, w.owner.id) }),
    expect: { visitor: LOGIN, owner: 'ok', party: 'EDIT_FORBIDDEN', stranger: 'EDIT_FORBIDDEN', admin: 'EDIT_FORBIDDEN' },
  },
  {
    path: 'marketplace.buyingRequests.close',
    setup: async (w) => ({ id: await insertTestBuyingRequest(w.services.db, w.owner.id) }),
    expect: { visitor: LOGIN, owner: 'ok', party: 'EDIT_FORBIDDEN', stranger: 'EDIT_FORBIDDEN', admin: 'EDIT_FORBIDDEN' },
  },
  {
    path: 'marketplace.buyingRequests.report',
    setup: async (w) => ({ id: await insertTestBuyingRequest(w.services.db, w.owner.id), reason: 'fraud', details: 'Looks like a scam.' }),
    expect: { visitor: LOGIN, owner: 'CANNOT_REPORT_OWN', party: 'ok', stranger: 'ok', admin: 'ok' },
  },

  // offers: the requester decides, the maker withdraws, nobody else even sees them (ADR 0009)
  {
    path: 'marketplace.offers.create',
    setup: async (w) => ({ requestId: await insertTestBuyingRequest(w.services.db, w.owner.id), priceCents: 2_000, message: 'Mine is mint.' }),
    expect: { visitor: LOGIN, owner: 'CANNOT_OFFER_OWN_REQUEST', party: 'ok', stranger: 'ok', admin: 'ok' },
  },
  {
    path: 'marketplace.offers.accept',
    setup: async () => ({ offerId: (await offer()).offerId }),
    expect: { visitor: LOGIN, owner: 'ok', party: 'NOT_YOUR_TURN', stranger: 'OFFER_NOT_FOUND', admin: 'OFFER_NOT_FOUND' },
  },
  {
    path: 'marketplace.offers.counter',
    setup: async () => ({ offerId: (await offer()).offerId, priceCents: 1_800, message: 'Would you take less?' }),
    expect: { visitor: LOGIN, owner: 'ok', party: 'NOT_YOUR_TURN', stranger: 'OFFER_NOT_FOUND', admin: 'OFFER_NOT_FOUND' },
  },
  {
    path: 'marketplace.offers.reject',
    setup: async () => ({ offerId: (await offer()).offerId }),
    expect: { visitor: LOGIN, owner: 'ok', party: 'OFFER_NOT_FOUND', stranger: 'OFFER_NOT_FOUND', admin: 'OFFER_NOT_FOUND' },
  },
  {
    path: 'marketplace.offers.withdraw',
    setup: async () => ({ offerId: (await offer()).offerId }),
    expect: { visitor: LOGIN, owner: 'OFFER_NOT_FOUND', party: 'ok', stranger: 'OFFER_NOT_FOUND', admin: 'OFFER_NOT_FOUND' },
  },

  // comments: the author edits and deletes; the listing's seller does not (rule S-17)
  {
    path: 'marketplace.comments.update',
    setup: async () => ({ commentId: await ownersComment(), content: 'Edited question.' }),
    expect: { visitor: LOGIN, owner: 'ok', party: 'FORBIDDEN', stranger: 'FORBIDDEN', admin: 'FORBIDDEN' },
  },
  {
    path: 'marketplace.comments.delete',
    setup: async () => ({ commentId: await ownersComment() }),
    expect: { visitor: LOGIN, owner: 'ok', party: 'FORBIDDEN', stranger: 'FORBIDDEN', admin: 'FORBIDDEN' },
  },

  // personal API tokens: only the holder revokes (someone else's id is simply not found)
  {
    path: 'auth.apiTokens.revoke',
    setup: async (w) => ({ id: (await (await callerFor(w.services, w.owner.id, { sessionId: 'x' })).auth.apiTokens.create({ name: 'script' })).summary.id }),
    expect: { visitor: LOGIN, owner: 'ok', party: 'API_TOKEN_NOT_FOUND', stranger: 'API_TOKEN_NOT_FOUND', admin: 'API_TOKEN_NOT_FOUND' },
  },
  {
    path: 'auth.apiTokens.setWallet',
    setup: async (w) => ({
      id: (await (await callerFor(w.services, w.owner.id, { sessionId: 'x' })).auth.apiTokens.create({ name: 'script' })).summary.id,
      wallet: true,
    }),
    expect: { visitor: LOGIN, owner: 'ok', party: 'API_TOKEN_NOT_FOUND', stranger: 'API_TOKEN_NOT_FOUND', admin: 'API_TOKEN_NOT_FOUND' },
  },
];

/** Member procedures that act as the caller on a public object or the caller's own rows only. */
const OWN_DATA = [
  'auth.signOut',
  'auth.apiTokens.list',
  'auth.apiTokens.create',
  'profile.update',
  'profile.updatePreferences',
  'wallet.balances',
  'wallet.onBalances',
  'wallet.redeemCode',
  'wallet.redemptions',
  'wallet.depositInfo',
  'wallet.createUsdtRecharge',
  'wallet.usdtRecharges',
  'wallet.withdrawalInfo',
  'wallet.createWithdrawal',
  'wallet.withdrawals',
  'wallet.transfer',
  'wallet.transfers',
  'wallet.history',
  // chat is keyed by (session user, peer): there is no thread id a third member could name
  'chat.unreadCount',
  'chat.onUnreadCount',
  'chat.send',
  'chat.conversations',
  'chat.thread',
  'chat.markRead',
  'chat.block',
  'chat.unblock',
  'chat.blocked',
  'chat.peer',
  'chat.onMessages',
  'chat.onBlockState',
  'marketplace.buyingRequests.create',
  'marketplace.buyingRequests.mine',
  'marketplace.listings.create',
  'marketplace.offers.mine',
  'marketplace.offers.forRequest',
  'marketplace.social.toggleLike',
  'marketplace.social.toggleFavorite',
  'marketplace.social.toggleFollow',
  'marketplace.social.myLikes',
  'marketplace.social.myFavorites',
  'marketplace.social.myFollowing',
  'marketplace.profiles.privacy',
  'marketplace.profiles.updatePrivacy',
  'marketplace.comments.create',
  'marketplace.comments.toggleLike',
  'orders.list',
  'orders.sellSummary',
  'orders.exportCsv',
  'points.center',
  'points.rewards',
  'points.checkIn',
  'points.redemption.create',
  'points.redemption.mine',
  'points.invitations.create',
  'points.invitations.mine',
  'notifications.list',
  'notifications.unreadCount',
  'notifications.onUnreadCount',
  'notifications.markRead',
];

/** Input for the "really public" check where {} would mean "my own" (which needs a session). */
const PUBLIC_SAMPLE_INPUT: Record<string, (w: World) => unknown> = {
  'marketplace.profiles.get': (w) => ({ userId: w.owner.id }),
  'marketplace.profiles.activities': (w) => ({ userId: w.owner.id }),
};

const procedures = nonAdminProcedures();

describe('classification guard', () => {
  test('every non-admin procedure is classified exactly once (public / own data / matrix row)', () => {
    const inMatrix = [...new Set(MATRIX.map((row) => row.path))];
    const classified = [...PUBLIC, ...OWN_DATA, ...inMatrix.filter((path) => !PUBLIC.includes(path))];
    expect(new Set(classified).size, 'a procedure is classified twice').toBe(classified.length);
    const unclassified = procedures.map((p) => p.path).filter((path) => !classified.includes(path));
    expect(unclassified, 'new procedures: add them to PUBLIC (support.ts), OWN_DATA or MATRIX (this file)').toEqual([]);
    const stale = classified.filter((path) => !procedures.some((p) => p.path === path));
    expect(stale, 'classified procedures that no longer exist').toEqual([]);
  });

  test.each(procedures.filter((p) => p.type !== 'subscription' && !PUBLIC.includes(p.path)))(
    '$path refuses a visitor with LOGIN_REQUIRED before looking at the input',
    async ({ path }) => {
      expect(await invoke(await api(), path, {})).toBe('LOGIN_REQUIRED');
    },
  );

  test.each(procedures.filter((p) => PUBLIC.includes(p.path)))('$path is really public (a visitor is not asked to sign in)', async ({ path }) => {
    const outcome = await invoke(await api(), path, PUBLIC_SAMPLE_INPUT[path]?.(world) ?? {});
    expect(outcome).not.toBe('LOGIN_REQUIRED');
  });
});

describe.each(MATRIX)('$path', (row) => {
  test.each(['visitor', 'stranger', 'admin', 'party', 'owner'] as const)('as %s', async (actor) => {
    const input = await row.setup(world);
    const user = actor === 'visitor' ? undefined : world[actor];
    const before = await tableCounts(world.services.db);
    const outcome = await invoke(await api(user), row.path, input);
    expect(outcome, `${row.path} as ${actor}`).toBe(row.expect[actor]);
    if (outcome !== 'ok') expect(await tableCounts(world.services.db), `${row.path} as ${actor} stored something`).toEqual(before);
  });
});

describe('owner rules that are not a refusal: foreign data is simply not there', () => {
  test('hidden activities (privacy flags) are shown to their owner only, not to a stranger, a visitor or an admin', async () => {
    const { services, owner } = world;
    const ownerApi = await api(owner);
    // likes are private by default (rule S-8); favourites made public on purpose, then one more like hidden
    const hiddenLike = await listingOf(world.party.id);
    const publicFavorite = await listingOf(world.party.id);
    await ownerApi.marketplace.social.toggleLike({ kind: 'listing', id: hiddenLike });
    await ownerApi.marketplace.profiles.updatePrivacy({ flags: { favorite_listing: true } });
    await ownerApi.marketplace.social.toggleFavorite({ kind: 'listing', id: publicFavorite });

    const own = await ownerApi.marketplace.profiles.activities({ userId: owner.id });
    expect(own.items.map((a) => [a.type, a.relatedId, a.isVisible])).toEqual(
      expect.arrayContaining([
        ['like_listing', hiddenLike, false],
        ['favorite_listing', publicFavorite, true],
      ]),
    );
    for (const viewer of [undefined, world.stranger, world.admin]) {
      const seen = await (await callerFor(services, viewer?.id)).marketplace.profiles.activities({ userId: owner.id });
      expect(seen.items.every((a) => a.isVisible)).toBe(true);
      expect(seen.items.map((a) => a.relatedId)).toContain(publicFavorite);
      expect(seen.items.map((a) => a.relatedId)).not.toContain(hiddenLike);
    }
    // and the flags themselves are the caller's own: a stranger reads their own defaults
    expect((await (await api(world.stranger)).marketplace.profiles.privacy()).favorite_listing).toBe(false);
  });

  test("a stranger cannot read or mark read another pair's chat thread by naming one of them", async () => {
    const ownerApi = await api(world.owner);
    const partyApi = await api(world.party);
    await ownerApi.chat.send({ peerId: world.party.id, content: 'Is the compass still for sale?', clientId: randomUUID() });
    await partyApi.chat.send({ peerId: world.owner.id, content: 'Yes, it is.', clientId: randomUUID() });
    const strangerApi = await api(world.stranger);
    for (const peerId of [world.owner.id, world.party.id]) {
      const page = await strangerApi.chat.thread({ peerId });
      expect(JSON.stringify(page)).not.toMatch(/compass|Yes, it is/);
      await strangerApi.chat.markRead({ peerId });
    }
    const unread = await world.services.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('receiver_id', '=', world.party.id)
      .where('is_read', '=', false)
      .executeTakeFirstOrThrow();
    expect(Number(unread.n)).toBeGreaterThan(0);
    const conversations = await strangerApi.chat.conversations({});
    expect(JSON.stringify(conversations)).not.toMatch(/compass|Yes, it is/);
  });

  test("naming another member's notification ids marks nothing of theirs", async () => {
    await order('paid'); // notifies the seller (the party)
    const theirs = await world.services.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', world.party.id)
      .where('is_read', '=', false)
      .orderBy('created_at', 'desc')
      .limit(100)
      .execute();
    expect(theirs.length).toBeGreaterThan(0);
    const result = await (await api(world.stranger)).notifications.markRead({ ids: theirs.map((n) => n.id) });
    expect(result.updated).toBe(0);
    const still = await world.services.db
      .selectFrom('notifications')
      .select('id')
      .where(
        'id',
        'in',
        theirs.map((n) => n.id),
      )
      .where('is_read', '=', false)
      .execute();
    expect(still.length).toBe(theirs.length);
    const listed = await (await api(world.stranger)).notifications.list({});
    expect(JSON.stringify(listed)).not.toContain(theirs[0]!.id);
  });

  test('offers on a request are shown to the requester; another member sees only their own offer', async () => {
    const { requestId, offerId } = await offer();
    expect((await (await api(world.owner)).marketplace.offers.forRequest({ requestId })).map((o) => o.id)).toContain(offerId);
    expect((await (await api(world.party)).marketplace.offers.forRequest({ requestId })).map((o) => o.id)).toEqual([offerId]);
    for (const viewer of [world.stranger, world.admin]) {
      expect(await (await api(viewer)).marketplace.offers.forRequest({ requestId })).toEqual([]);
    }
  });

  test("a member's order lists and wallet history never contain another member's order", async () => {
    const orderId = await order('paid');
    const strangerApi = await api(world.stranger);
    for (const side of ['buy', 'sell'] as const) {
      expect(JSON.stringify(await strangerApi.orders.list({ side }))).not.toContain(orderId);
    }
    expect(JSON.stringify(await strangerApi.wallet.history({ currency: 'usdn' }))).not.toContain(orderId);
  });
});
