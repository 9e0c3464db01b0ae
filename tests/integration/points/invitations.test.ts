import { describe, expect, test } from '../../helpers/fixtures.ts';
import { invitationLink, LIMITS, POINTS_RULES } from '@curio/shared';
import { getBalances } from '../../../server/src/domain/ledger/index.ts';
import { signUp as signUpService } from '../../../server/src/domain/accounts/sign-up.ts';
import { verifyEmail } from '../../../server/src/domain/accounts/email-verification.ts';
import type { TSignUpInput, TSignUpResult } from '@curio/shared';
import { callerFor, type TestServices } from '../../helpers/services.ts';
import { NEEDS_POSTGRES, onRealPostgres } from '../../helpers/test-db.ts';
import { insertTestUser, verificationTokenFor } from '../../helpers/users.ts';
import { completedPurchase, expectLedgerClean, utc } from './support.ts';
import { expectAppError } from '../../helpers/app-errors.ts';

if (!onRealPostgres()) console.warn(`[invitation races] skipped: ${NEEDS_POSTGRES}`);

const DAY = 24 * 60 * 60 * 1000;
let emailSeq = 0;
function email(): string {
  emailSeq += 1;
  return `invitee-${emailSeq}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

let ipSeq = 0;
/** Signs up from an address of its own and opens the verification link, as a new member does. */
async function signUp(services: TestServices, input: TSignUpInput): Promise<{ userId: string; invitation: TSignUpResult['invitation'] }> {
  ipSeq += 1;
  const { invitation } = await signUpService(services, input, { ip: `198.18.3.${ipSeq}` });
  const { userId } = await verifyEmail(services, { token: await verificationTokenFor(services.db, input.email) }, null);
  return { userId, invitation };
}

describe('invitation codes', () => {
  test('a visitor must sign in first', async ({ services }) => {
    const visitor = await callerFor(services);
    await expectAppError(visitor.points.invitations.create(), 'LOGIN_REQUIRED');
    await expectAppError(visitor.points.invitations.mine(), 'LOGIN_REQUIRED');
    await expectAppError(visitor.points.center(), 'LOGIN_REQUIRED');
  });

  test('create makes a pending code valid for 30 days, then hands the same one back', async ({ services, member }) => {
    services.clock.set(utc('2026-11-21T08:00:00'));
    const { api: caller } = await member();
    const first = await caller.points.invitations.create();
    expect(first.reused).toBe(false);
    expect(first.invitation).toMatchObject({ status: 'pending', reward: null, acceptedAt: null, inviteeNickname: null });
    expect(first.invitation.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(first.invitation.expiresAt).toEqual(new Date(services.clock.now().getTime() + 30 * DAY));
    const again = await caller.points.invitations.create();
    expect(again).toEqual({ invitation: first.invitation, reused: true });
    expect(await caller.points.invitations.mine()).toEqual([first.invitation]);
    expect((await caller.points.center()).invitations).toEqual({
      accepted: 0,
      rewarded: 0,
      waiting: 0,
      rewardedThisMonth: 0,
      pointsEarned: 0,
      currentCode: first.invitation.code,
    });
    expect(invitationLink('https://curio.example/', first.invitation.code)).toBe(`https://curio.example/auth?invite=${first.invitation.code}`);
  });

  test('an expired code reads as expired and a new one is created', async ({ services, member }) => {
    services.clock.set(utc('2026-10-01T08:00:00'));
    const { api: caller } = await member();
    const old = (await caller.points.invitations.create()).invitation;
    services.clock.advance(30 * DAY + 1000);
    const mine = await caller.points.invitations.mine();
    expect(mine).toEqual([{ ...old, status: 'expired' }]);
    expect((await caller.points.center()).invitations.currentCode).toBeNull();
    const fresh = await caller.points.invitations.create();
    expect(fresh.reused).toBe(false);
    expect(fresh.invitation.code).not.toBe(old.code);
    // and a sign-up with the expired code is made without it
    expect((await signUp(services, { email: email(), password: 'secret1', invitationCode: old.code })).invitation).toBe('expired');
  });

  test('sign-up with the code: accepted once and waiting; a first purchase from another member pays 50 and 30 and notifies the inviter', async ({
    db,
    services,
    member,
  }) => {
    services.clock.set(utc('2026-11-21T09:00:00'));
    const { user: inviter, api: caller } = await member();
    const { invitation } = await caller.points.invitations.create();
    services.clock.advance(60_000);
    const signedUp = await signUp(services, { email: email(), password: 'secret1', invitationCode: invitation.code });
    const acceptedAt = services.clock.now();
    const [row] = await caller.points.invitations.mine();
    const invitee = await db.db.selectFrom('profiles').select('nickname').where('user_id', '=', signedUp.userId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ id: invitation.id, status: 'accepted', reward: 'waiting', acceptedAt, inviteeNickname: invitee.nickname });
    // verifying pays the invitee's welcome points (ADR 0030) and nothing for the invitation (ADR 0045)
    expect((await getBalances(db.db, inviter.id)).points).toBe(0);
    expect((await getBalances(db.db, signedUp.userId)).points).toBe(POINTS_RULES.welcomePoints);
    expect((await caller.points.center()).invitations).toEqual({
      accepted: 1,
      rewarded: 0,
      waiting: 1,
      rewardedThisMonth: 0,
      pointsEarned: 0,
      currentCode: null,
    });
    expect(await db.db.selectFrom('notifications').select('type').where('user_id', '=', inviter.id).execute()).toEqual([]);

    // the invitee's first purchase, from a third member, completes
    const seller = await member();
    services.clock.advance(60_000);
    await completedPurchase(services, { buyerId: signedUp.userId, sellerId: seller.id, priceCents: 1_000 });
    expect((await caller.points.invitations.mine())[0]).toMatchObject({ id: invitation.id, status: 'accepted', reward: 'rewarded' });
    expect((await getBalances(db.db, inviter.id)).points).toBe(LIMITS.inviterRewardPoints);
    expect((await getBalances(db.db, signedUp.userId)).points).toBe(POINTS_RULES.welcomePoints + LIMITS.inviteeRewardPoints);
    const center = await caller.points.center();
    expect(center.invitations).toEqual({ accepted: 1, rewarded: 1, waiting: 0, rewardedThisMonth: 1, pointsEarned: 50, currentCode: null });
    expect(center).toMatchObject({ balance: 50, lifetimeEarned: 50 });
    expect((await caller.points.rewards())[0]).toMatchObject({ type: 'invite', amount: 50, source: 'invitation_reward' });
    const notes = await db.db.selectFrom('notifications').select(['type', 'params', 'link']).where('user_id', '=', inviter.id).execute();
    expect(notes).toEqual([{ type: 'invitation_rewarded', params: { nickname: invitee.nickname, points: 50 }, link: '/invitations' }]);
    // the code is spent: the next sign-up with it is made without it
    expect((await signUp(services, { email: email(), password: 'secret1', invitationCode: invitation.code })).invitation).toBe('used');
    // a new code is created after acceptance
    expect((await caller.points.invitations.create()).reused).toBe(false);
    await expectLedgerClean(db);
  });

  test('sign-up with a stored referrer is accepted on the same terms: waiting until a first purchase', async ({ db, services, member }) => {
    const { user: referrer, api: caller } = await member();
    const signedUp = await signUp(services, { email: email(), password: 'secret1', referrerId: referrer.id });
    expect((await getBalances(db.db, referrer.id)).points).toBe(0);
    expect((await getBalances(db.db, signedUp.userId)).points).toBe(POINTS_RULES.welcomePoints);
    expect((await caller.points.invitations.mine())[0]).toMatchObject({ status: 'accepted', reward: 'waiting' });
    expect((await caller.points.center()).invitations).toMatchObject({ accepted: 1, waiting: 1, rewarded: 0 });
    // under 20 USDN: the purchase itself earns the buyer no order points (rule O-17)
    await completedPurchase(services, { buyerId: signedUp.userId, sellerId: (await member()).id, priceCents: 1_000 });
    expect((await getBalances(db.db, referrer.id)).points).toBe(50);
    expect((await getBalances(db.db, signedUp.userId)).points).toBe(30 + POINTS_RULES.welcomePoints);
    const notes = await db.db.selectFrom('notifications').select('type').where('user_id', '=', referrer.id).execute();
    expect(notes).toEqual([{ type: 'invitation_rewarded' }]);
  });

  test('a sign-up with a registered address leaves the code pending and pays nobody', async ({ db, services, member }) => {
    const { user: inviter, api: caller } = await member();
    const { invitation } = await caller.points.invitations.create();
    const taken = await insertTestUser(db.db);
    await signUpService(services, { email: taken.email, password: 'secret1', invitationCode: invitation.code }, { ip: '198.18.4.1' });
    expect((await caller.points.invitations.mine())[0]).toMatchObject({ status: 'pending' });
    expect((await getBalances(db.db, inviter.id)).points).toBe(0);
    expect(await db.db.selectFrom('notifications').select('id').where('user_id', '=', inviter.id).execute()).toEqual([]);
  });

  test.skipIf(!onRealPostgres())('two taps on create at once give one pending code', async ({ db, member }) => {
    const { user, api: caller } = await member();
    const results = await Promise.all(Array.from({ length: 6 }, () => caller.points.invitations.create()));
    expect(new Set(results.map((result) => result.invitation.code)).size).toBe(1);
    const rows = await db.db.selectFrom('invitations').select('id').where('inviter_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
  });

  test.skipIf(!onRealPostgres())(
    'parallel sign-ups with one code: all get in, one takes the code, nobody is paid for verifying',
    async ({ db, services, member }) => {
      const { user: inviter, api: caller } = await member();
      const { invitation } = await caller.points.invitations.create();
      const emails = Array.from({ length: 6 }, () => email());
      const results = await Promise.all(emails.map((address) => signUp(services, { email: address, password: 'secret1', invitationCode: invitation.code })));
      expect(results.map((result) => result.invitation).sort()).toEqual(['applied', 'used', 'used', 'used', 'used', 'used']);
      const users = await db.db.selectFrom('users').select('id').where('email', 'in', emails).execute();
      expect(users).toHaveLength(6);
      const winner = results.find((result) => result.invitation === 'applied')!;
      expect((await db.db.selectFrom('invitations').select('invitee_id').where('id', '=', invitation.id).executeTakeFirstOrThrow()).invitee_id).toBe(
        winner.userId,
      );
      expect((await getBalances(db.db, inviter.id)).points).toBe(0);
      for (const result of results) expect((await getBalances(db.db, result.userId)).points).toBe(POINTS_RULES.welcomePoints);
      expect(await db.db.selectFrom('ledger_transfers').select('amount').where('reference_id', '=', invitation.id).execute()).toEqual([]);
      expect(await db.db.selectFrom('notifications').select('id').where('user_id', '=', inviter.id).execute()).toEqual([]);
      await expectLedgerClean(db);
    },
  );
});
