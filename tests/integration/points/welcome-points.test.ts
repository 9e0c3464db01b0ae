import { describe, expect, test } from '../../helpers/fixtures.ts';
import { LIMITS, POINTS_RULES } from '@curio/shared';
import { getBalances, transfer } from '../../../server/src/domain/ledger/index.ts';
import { runInTransaction } from '../../../server/src/db/transaction.ts';
import { callerFor, type TestServices } from '../../helpers/services.ts';
import { NEEDS_POSTGRES, onRealPostgres, type TestDatabase } from '../../helpers/test-db.ts';
import { insertTestUser, verificationTokenFor } from '../../helpers/users.ts';
import { appCodeOf } from '../../helpers/app-errors.ts';
import { TestBrowser } from '../auth/support.ts';
import { expectLedgerClean } from './support.ts';

if (!onRealPostgres()) console.warn(`[welcome points races] skipped: ${NEEDS_POSTGRES}`);

let emailSeq = 0;
function newEmail(): string {
  emailSeq += 1;
  return `newcomer-${emailSeq}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

function welcomeTransfers(db: TestDatabase, userId: string) {
  return db.db
    .selectFrom('ledger_transfers')
    .select(['kind', 'amount', 'currency', 'reference_type', 'reference_id'])
    .where('kind', '=', 'welcome_points')
    .where('reference_id', '=', userId)
    .execute();
}

async function userIdOf(db: TestDatabase, email: string): Promise<string> {
  return (await db.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

/** The reset link mailed to `email` after asking for one. */
async function resetTokenFor(services: TestServices, db: TestDatabase, email: string): Promise<string> {
  services.clock.advance(LIMITS.resetCooldownSeconds * 1000);
  await (await new TestBrowser(services).caller()).auth.requestPasswordReset({ email });
  const mail = await db.db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', email)
    .where('text_body', 'like', '%access_token=%')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  return decodeURIComponent(/access_token=([^&\s]+)/.exec(mail.text_body)![1]!);
}

describe('welcome points (ADR 0030)', () => {
  test('verifying the address pays the welcome points once, through the ledger, notifies the member, and lets them publish', async ({ db, services }) => {
    const email = newEmail();
    const browser = new TestBrowser(services);
    await (await browser.caller()).auth.signUp({ email, password: 'secret1' });
    const userId = await userIdOf(db, email);
    expect((await getBalances(db.db, userId)).points).toBe(0);

    await (await browser.caller()).auth.verifyEmail({ token: await verificationTokenFor(db.db, email) });
    expect((await getBalances(db.db, userId)).points).toBe(POINTS_RULES.welcomePoints);
    expect(await welcomeTransfers(db, userId)).toEqual([
      { kind: 'welcome_points', amount: POINTS_RULES.welcomePoints, currency: 'points', reference_type: 'user', reference_id: userId },
    ]);
    const notes = await db.db.selectFrom('notifications').select(['type', 'params', 'link']).where('user_id', '=', userId).execute();
    expect(notes).toEqual([{ type: 'welcome_points', params: { points: POINTS_RULES.welcomePoints }, link: '/create' }]);
    const api = await callerFor(services, userId);
    expect((await api.points.rewards())[0]).toMatchObject({ type: 'other', source: 'welcome_points', amount: POINTS_RULES.welcomePoints });

    // a reset link later proves the mailbox again: nothing more is paid
    const resetToken = await resetTokenFor(services, db, email);
    await (await new TestBrowser(services).caller()).auth.resetPassword({ token: resetToken, password: 'secret22', confirmPassword: 'secret22' });
    expect(await welcomeTransfers(db, userId)).toHaveLength(1);

    // the first listing is now possible without any other points
    await api.marketplace.listings.create({
      title: 'Brass compass',
      description: 'An old brass compass that still points north',
      category: 'goods',
      unit: 'piece',
      priceCents: 1_500,
      quantity: 1,
      images: [],
      tags: [],
    });
    expect((await getBalances(db.db, userId)).points).toBe(POINTS_RULES.welcomePoints - LIMITS.publishListingPointsCost);
    await expectLedgerClean(db);
  });

  test('an invited member gets the welcome points at verification; the invitation rewards wait for a first purchase', async ({ db, services }) => {
    const inviter = await insertTestUser(db.db);
    await db.db.insertInto('invitations').values({ inviter_id: inviter.id, invitation_code: 'WELCOMED' }).execute();
    const { id: userId } = await new TestBrowser(services).signUpAndVerify({ email: newEmail(), password: 'secret1', invitationCode: 'WELCOMED' });
    expect((await getBalances(db.db, userId)).points).toBe(POINTS_RULES.welcomePoints);
    expect((await getBalances(db.db, inviter.id)).points).toBe(0);
  });

  test('accounts verified before they existed here (made verified) get none; the ledger refuses a second welcome grant', async ({ db }) => {
    const member = await insertTestUser(db.db);
    expect(await welcomeTransfers(db, member.id)).toEqual([]);
    const grant = () =>
      runInTransaction(db.db, (trx) =>
        transfer(trx, {
          currency: 'points',
          from: { system: 'rewards' },
          to: { user: member.id },
          amount: 1,
          kind: 'welcome_points',
          referenceType: 'user',
          referenceId: member.id,
        }),
      );
    await grant();
    await expect(grant()).rejects.toMatchObject({ code: '23505' });
    expect((await getBalances(db.db, member.id)).points).toBe(1);
  });

  test.skipIf(!onRealPostgres())('the verification link twice and a reset link, all at once: one welcome grant', async ({ db, services }) => {
    const email = newEmail();
    await (await new TestBrowser(services).caller()).auth.signUp({ email, password: 'secret1' });
    const userId = await userIdOf(db, email);
    const verifyToken = await verificationTokenFor(db.db, email);
    const resetToken = await resetTokenFor(services, db, email);
    const results = await Promise.allSettled([
      (async () => (await new TestBrowser(services).caller()).auth.verifyEmail({ token: verifyToken }))(),
      (async () => (await new TestBrowser(services).caller()).auth.verifyEmail({ token: verifyToken }))(),
      (async () => (await new TestBrowser(services).caller()).auth.resetPassword({ token: resetToken, password: 'secret22', confirmPassword: 'secret22' }))(),
    ]);
    const codes = results.map((r) => (r.status === 'fulfilled' ? 'OK' : (appCodeOf(r.reason) ?? String(r.reason))));
    expect(codes.sort()).toEqual(['OK', 'OK', 'VERIFICATION_LINK_INVALID']);
    expect(await welcomeTransfers(db, userId)).toHaveLength(1);
    expect((await getBalances(db.db, userId)).points).toBe(POINTS_RULES.welcomePoints);
    expect(await db.db.selectFrom('notifications').select('id').where('user_id', '=', userId).where('type', '=', 'welcome_points').execute()).toHaveLength(1);
    await expectLedgerClean(db);
  });
});
