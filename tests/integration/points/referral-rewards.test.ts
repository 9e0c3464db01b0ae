import { randomUUID } from 'node:crypto';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { LIMITS, ORDER_LIMITS, POINTS_RULES } from '@curio/shared';
import { getBalances } from '../../../server/src/domain/ledger/index.ts';
import { signUp } from '../../../server/src/domain/accounts/sign-up.ts';
import { verifyEmail } from '../../../server/src/domain/accounts/email-verification.ts';
import { runSweepOnce } from '../../../server/src/jobs/order-sweeper.ts';
import { callerFor, type TestServices } from '../../helpers/services.ts';
import { NEEDS_POSTGRES, onRealPostgres, type TestDatabase } from '../../helpers/test-db.ts';
import { insertTestUser, verificationTokenFor } from '../../helpers/users.ts';
import { completedPurchase, expectLedgerClean, shippedPurchase, utc } from './support.ts';

/**
 * Invitation rewards after a real purchase (rules P-14 and P-18, ADR 0045). The attack they
 * answer: a farmer with a catch-all mail domain signs up sock accounts with their referral link,
 * verifies each mailbox, and redeems the 50 points each one paid. Orders here cost 10 USDN, which
 * earns the buyer no order points of their own (rule O-17), so the invitee's balance shows the
 * invitation reward alone.
 */
if (!onRealPostgres()) console.warn(`[referral reward races] skipped: ${NEEDS_POSTGRES}`);

const PRICE = 1_000;

let addressSeq = 0;
/** A sock account: signed up with the farmer's referral link from the farmer's network and verified. */
async function sockAccount(services: TestServices, referrerId: string, label: string): Promise<string> {
  addressSeq += 1;
  const email = `${label}-${addressSeq}@catchall.example`;
  await signUp(services, { email, password: 'secret1', referrerId }, { ip: `203.0.113.${addressSeq % 250}` });
  const { userId } = await verifyEmail(services, { token: await verificationTokenFor(services.db, email) }, null);
  return userId;
}

/** A member the inviter invited, written straight to the tables (the cap tests need many). */
async function invitedMember(db: TestDatabase, inviterId: string, options: { verified?: boolean } = {}): Promise<string> {
  const invitee = await insertTestUser(db.db, { verified: options.verified ?? true });
  await db.db
    .insertInto('invitations')
    .values({
      inviter_id: inviterId,
      invitation_code: randomUUID().slice(0, 8).toUpperCase(),
      invitee_id: invitee.id,
      status: 'accepted',
      accepted_at: new Date(),
    })
    .execute();
  return invitee.id;
}

async function points(db: TestDatabase, userId: string): Promise<number> {
  return (await getBalances(db.db, userId)).points;
}

async function invitationOf(db: TestDatabase, inviteeId: string) {
  return db.db.selectFrom('invitations').select(['id', 'rewarded_at', 'reward_capped_at']).where('invitee_id', '=', inviteeId).executeTakeFirstOrThrow();
}

async function rewardTransfers(db: TestDatabase, invitationId: string) {
  return db.db
    .selectFrom('ledger_transfers')
    .select(['amount', 'memo'])
    .where('kind', '=', 'invitation_reward')
    .where('reference_id', '=', invitationId)
    .orderBy('amount', 'desc')
    .execute();
}

describe('invitation rewards follow a first real purchase (ADR 0045)', () => {
  test('a farmer whose sock accounts verify but never trade earns nothing', async ({ db, services, member }) => {
    const farmer = await member({ nickname: 'Farmer' });
    const socks: string[] = [];
    for (let i = 0; i < 8; i++) socks.push(await sockAccount(services, farmer.id, 'sock'));
    expect(await points(db, farmer.id)).toBe(0);
    // each sock has its welcome points (ADR 0030) and nothing for the invitation
    for (const sock of socks) expect(await points(db, sock)).toBe(POINTS_RULES.welcomePoints);
    expect(await db.db.selectFrom('ledger_transfers').select('id').where('kind', '=', 'invitation_reward').execute()).toEqual([]);
    const mine = await farmer.api.points.invitations.mine();
    expect(mine).toHaveLength(8);
    expect(mine.every((invitation) => invitation.status === 'accepted' && invitation.reward === 'waiting')).toBe(true);
    expect((await farmer.api.points.center()).invitations).toMatchObject({ accepted: 8, waiting: 8, rewarded: 0, pointsEarned: 0 });
    // the sweeper has nothing to complete and pays nothing either
    await runSweepOnce(services);
    expect(await points(db, farmer.id)).toBe(0);
  });

  test('one invitee completing a purchase from a third member pays the inviter 50 and the invitee 30, once', async ({ db, services, member }) => {
    const inviter = await member();
    const seller = await member();
    const invitee = await sockAccount(services, inviter.id, 'buyer');
    await completedPurchase(services, { buyerId: invitee, sellerId: seller.id, priceCents: PRICE });
    expect(await points(db, inviter.id)).toBe(LIMITS.inviterRewardPoints);
    expect(await points(db, invitee)).toBe(POINTS_RULES.welcomePoints + LIMITS.inviteeRewardPoints);
    const invitation = await invitationOf(db, invitee);
    expect(invitation.rewarded_at).toEqual(services.clock.now());
    expect(await rewardTransfers(db, invitation.id)).toEqual([
      { amount: 50, memo: 'inviter' },
      { amount: 30, memo: 'invitee' },
    ]);
    // the second purchase pays nothing more
    await completedPurchase(services, { buyerId: invitee, sellerId: seller.id, priceCents: PRICE });
    expect(await points(db, inviter.id)).toBe(LIMITS.inviterRewardPoints);
    expect(await rewardTransfers(db, invitation.id)).toHaveLength(2);
    expect((await db.db.selectFrom('notifications').select('type').where('user_id', '=', inviter.id).execute()).map((n) => n.type)).toEqual([
      'invitation_rewarded',
    ]);
    await expectLedgerClean(db);
  });

  test("a purchase from the inviter pays nothing and leaves the invitation waiting; the sweeper's completion of a purchase from someone else pays", async ({
    db,
    services,
    member,
  }) => {
    const inviter = await member();
    const invitee = await sockAccount(services, inviter.id, 'circle');
    await completedPurchase(services, { buyerId: invitee, sellerId: inviter.id, priceCents: PRICE });
    // the inviter earns the seller's order points of their own sale (rule O-17), nothing for the invitation
    expect(await db.db.selectFrom('ledger_transfers').select('id').where('kind', '=', 'invitation_reward').where('created_by', '=', invitee).execute()).toEqual(
      [],
    );
    expect(await invitationOf(db, invitee)).toMatchObject({ rewarded_at: null, reward_capped_at: null });
    expect(await points(db, invitee)).toBe(POINTS_RULES.welcomePoints);
    expect((await inviter.api.points.invitations.mine())[0]).toMatchObject({ reward: 'waiting' });

    const inviterBefore = await points(db, inviter.id);
    const seller = await member();
    await shippedPurchase(services, { buyerId: invitee, sellerId: seller.id, priceCents: PRICE });
    services.clock.advance(ORDER_LIMITS.autoCompleteAfterMs + 1_000);
    expect((await runSweepOnce(services)).autoCompleted).toBe(1);
    expect(await points(db, inviter.id)).toBe(inviterBefore + LIMITS.inviterRewardPoints);
    expect(await points(db, invitee)).toBe(POINTS_RULES.welcomePoints + LIMITS.inviteeRewardPoints);
    expect((await inviter.api.points.invitations.mine())[0]).toMatchObject({ reward: 'rewarded' });
    await expectLedgerClean(db);
  });

  test("a purchase from another of the inviter's invitees (sock buying from sock) pays nothing", async ({ db, services, member }) => {
    const inviter = await member();
    const sellingSock = await sockAccount(services, inviter.id, 'seller-sock');
    const buyingSock = await sockAccount(services, inviter.id, 'buyer-sock');
    await completedPurchase(services, { buyerId: buyingSock, sellerId: sellingSock, priceCents: PRICE });
    const invitation = await invitationOf(db, buyingSock);
    expect(invitation).toMatchObject({ rewarded_at: null, reward_capped_at: null });
    expect(await rewardTransfers(db, invitation.id)).toEqual([]);
    expect(await points(db, inviter.id)).toBe(0);
  });

  test('a purchase completed before the invitee verified pays nothing; the next one after verifying does', async ({ db, services, member }) => {
    const inviter = await member();
    const seller = await member();
    const invitee = await invitedMember(db, inviter.id, { verified: false });
    await completedPurchase(services, { buyerId: invitee, sellerId: seller.id, priceCents: PRICE });
    expect(await points(db, inviter.id)).toBe(0);
    expect(await invitationOf(db, invitee)).toMatchObject({ rewarded_at: null, reward_capped_at: null });
    await db.db.updateTable('users').set({ email_verified_at: services.clock.now() }).where('id', '=', invitee).execute();
    await completedPurchase(services, { buyerId: invitee, sellerId: seller.id, priceCents: PRICE });
    expect(await points(db, inviter.id)).toBe(LIMITS.inviterRewardPoints);
  });

  test(`the cap: ${POINTS_RULES.invitationRewardsPerMonth} rewarded invitations per UTC calendar month; the next is marked capped and never paid`, async ({
    db,
    services,
    member,
  }) => {
    const cap = POINTS_RULES.invitationRewardsPerMonth;
    services.clock.set(utc('2026-11-21T10:00:00'));
    const inviter = await member();
    const seller = await member();
    const invitees: string[] = [];
    for (let i = 0; i < cap + 2; i++) invitees.push(await invitedMember(db, inviter.id));

    for (const invitee of invitees.slice(0, cap)) await completedPurchase(services, { buyerId: invitee, sellerId: seller.id, priceCents: PRICE });
    expect(await points(db, inviter.id)).toBe(cap * LIMITS.inviterRewardPoints);
    expect((await inviter.api.points.center()).invitations).toMatchObject({ accepted: cap + 2, rewarded: cap, waiting: 2, rewardedThisMonth: cap });

    // the (cap+1)th first purchase of the month pays neither side and marks the invitation
    const over = invitees[cap]!;
    await completedPurchase(services, { buyerId: over, sellerId: seller.id, priceCents: PRICE });
    expect(await points(db, inviter.id)).toBe(cap * LIMITS.inviterRewardPoints);
    expect(await points(db, over)).toBe(0);
    const capped = await invitationOf(db, over);
    expect(capped).toMatchObject({ rewarded_at: null, reward_capped_at: services.clock.now() });
    expect(await rewardTransfers(db, capped.id)).toEqual([]);
    const mine = await inviter.api.points.invitations.mine();
    expect(mine.filter((invitation) => invitation.reward === 'capped').map((invitation) => invitation.id)).toEqual([capped.id]);
    expect((await inviter.api.points.center()).invitations).toMatchObject({ rewarded: cap, waiting: 1, rewardedThisMonth: cap });

    // December 1st 00:00 UTC starts a new month (08:00 in Shanghai: the cap's calendar is UTC)
    services.clock.set(utc('2026-11-30T23:59:00'));
    const late = invitees[cap + 1]!;
    await completedPurchase(services, { buyerId: late, sellerId: seller.id, priceCents: PRICE });
    expect(await invitationOf(db, late)).toMatchObject({ rewarded_at: null });
    expect((await invitationOf(db, late)).reward_capped_at).not.toBeNull();
    services.clock.set(utc('2026-12-01T00:00:01'));
    // a capped invitation stays unpaid next month, whatever its invitee buys
    await completedPurchase(services, { buyerId: over, sellerId: seller.id, priceCents: PRICE });
    expect(await points(db, inviter.id)).toBe(cap * LIMITS.inviterRewardPoints);
    // a new invitee's first purchase in the new month is paid
    const december = await invitedMember(db, inviter.id);
    await completedPurchase(services, { buyerId: december, sellerId: seller.id, priceCents: PRICE });
    expect(await points(db, inviter.id)).toBe((cap + 1) * LIMITS.inviterRewardPoints);
    expect((await inviter.api.points.center()).invitations).toMatchObject({ rewarded: cap + 1, rewardedThisMonth: 1, waiting: 0 });
    await expectLedgerClean(db);
  });

  test('an invitation rewarded before ADR 0045 (at verification) stays rewarded and is not paid again', async ({ db, services, member }) => {
    const inviter = await member();
    const seller = await member();
    const invitee = await invitedMember(db, inviter.id);
    await db.db
      .updateTable('invitations')
      .set({ rewarded_at: utc('2026-11-01T00:00:00') })
      .where('invitee_id', '=', invitee)
      .execute();
    await completedPurchase(services, { buyerId: invitee, sellerId: seller.id, priceCents: PRICE });
    expect(await points(db, inviter.id)).toBe(0);
    expect((await inviter.api.points.invitations.mine())[0]).toMatchObject({ reward: 'rewarded' });
  });

  test('the database refuses a second reward transfer for one side of an invitation', async ({ db, services, member }) => {
    const inviter = await member();
    const invitee = await sockAccount(services, inviter.id, 'backstop');
    await completedPurchase(services, { buyerId: invitee, sellerId: (await member()).id, priceCents: PRICE });
    const { id } = await invitationOf(db, invitee);
    const paid = await db.db
      .selectFrom('ledger_transfers')
      .select(['debit_account_id', 'credit_account_id', 'amount', 'currency', 'kind', 'reference_type', 'reference_id', 'memo'])
      .where('reference_id', '=', id)
      .where('memo', '=', 'inviter')
      .executeTakeFirstOrThrow();
    // a path that slipped past the guarded UPDATE would be stopped by the unique index
    await expect(db.db.insertInto('ledger_transfers').values(paid).execute()).rejects.toMatchObject({ code: '23505' });
  });
});

describe.skipIf(!onRealPostgres())('invitation rewards under concurrency (real PostgreSQL)', () => {
  test('two completions of one invitee racing (buyer confirming, sweeper) pay the invitation once', async ({ db, services, member }) => {
    const inviter = await member();
    const seller = await member();
    const invitee = await sockAccount(services, inviter.id, 'racer');
    const orders = await Promise.all([0, 1, 2].map(() => shippedPurchase(services, { buyerId: invitee, sellerId: seller.id, priceCents: PRICE })));
    expect(await points(db, inviter.id)).toBe(0);
    services.clock.advance(ORDER_LIMITS.autoCompleteAfterMs + 1_000);
    const api = await callerFor(services, invitee);
    const results = await Promise.allSettled([
      ...orders.map((orderId) => api.orders.confirmReceipt({ orderId, idempotencyKey: randomUUID() })),
      runSweepOnce(services),
      runSweepOnce(services),
    ]);
    expect(results.filter((result) => result.status === 'rejected').every((result) => String(result.reason).includes('ORDER_STATUS_CHANGED'))).toBe(true);
    expect(await db.db.selectFrom('orders').select('id').where('buyer_id', '=', invitee).where('status', '=', 'completed').execute()).toHaveLength(3);
    const invitation = await invitationOf(db, invitee);
    expect(await rewardTransfers(db, invitation.id)).toEqual([
      { amount: 50, memo: 'inviter' },
      { amount: 30, memo: 'invitee' },
    ]);
    expect(await points(db, inviter.id)).toBe(LIMITS.inviterRewardPoints);
    await expectLedgerClean(db);
  });

  test('first purchases of several invitees racing at the cap: exactly the cap is paid, the rest are capped', async ({ db, services, member }) => {
    const cap = POINTS_RULES.invitationRewardsPerMonth;
    const inviter = await member();
    // cap - 2 already rewarded this month
    for (let i = 0; i < cap - 2; i++) {
      const invitee = await invitedMember(db, inviter.id);
      await db.db.updateTable('invitations').set({ rewarded_at: services.clock.now() }).where('invitee_id', '=', invitee).execute();
    }
    const racers = await Promise.all(Array.from({ length: 6 }, () => invitedMember(db, inviter.id)));
    // a seller each: one shared seller's ledger row would queue the completions before they count
    const sellers = await Promise.all(racers.map(() => member()));
    const orders = await Promise.all(racers.map((buyerId, i) => shippedPurchase(services, { buyerId, sellerId: sellers[i]!.id, priceCents: PRICE })));
    const results = await Promise.allSettled(
      orders.map(async (orderId, i) => (await callerFor(services, racers[i])).orders.confirmReceipt({ orderId, idempotencyKey: randomUUID() })),
    );
    expect(results.every((result) => result.status === 'fulfilled')).toBe(true);
    const states = await Promise.all(racers.map((invitee) => invitationOf(db, invitee)));
    expect(states.filter((state) => state.rewarded_at !== null)).toHaveLength(2);
    expect(states.filter((state) => state.reward_capped_at !== null)).toHaveLength(4);
    expect(await points(db, inviter.id)).toBe(2 * LIMITS.inviterRewardPoints);
    const paidInvitees = await Promise.all(racers.map((invitee) => points(db, invitee)));
    expect(paidInvitees.sort((a, b) => a - b)).toEqual([0, 0, 0, 0, LIMITS.inviteeRewardPoints, LIMITS.inviteeRewardPoints]);
    await expectLedgerClean(db);
  });
});
