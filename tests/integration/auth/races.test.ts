import { describe, expect, test } from '../../helpers/fixtures.ts';
import { POINTS_RULES } from '@curio/shared';
import { getBalances } from '../../../server/src/domain/ledger/index.ts';
import { NEEDS_POSTGRES, onRealPostgres } from '../../helpers/test-db.ts';
import { insertTestUser, verificationTokenFor } from '../../helpers/users.ts';
import { TestBrowser, uniqueEmail } from './support.ts';
import { appCodeOf } from '../../helpers/app-errors.ts';

/**
 * Two requests at the same moment on real PostgreSQL (engineering rule E-6): the guarded
 * statements must let exactly one win. PGlite runs one statement at a time and cannot race.
 */
if (!onRealPostgres()) console.warn(`[auth races] skipped: ${NEEDS_POSTGRES}`);

/** Runs the calls together and sorts the outcomes into successes and app error codes. */
async function race(calls: Array<() => Promise<unknown>>): Promise<{ ok: number; codes: string[] }> {
  const results = await Promise.allSettled(calls.map((call) => call()));
  const codes = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => appCodeOf(r.reason) ?? String(r.reason));
  return { ok: results.filter((r) => r.status === 'fulfilled').length, codes };
}

describe('auth races', () => {
  test.skipIf(!onRealPostgres())(
    'one invitation code, many simultaneous sign-ups: all get in, one takes the code, verification pays welcome points once',
    async ({ db, services }) => {
      const inviter = await insertTestUser(db.db);
      await db.db.insertInto('invitations').values({ inviter_id: inviter.id, invitation_code: 'RACECODE' }).execute();
      const outcome = await race(
        Array.from(
          { length: 6 },
          () => async () =>
            (await new TestBrowser(services).caller()).auth.signUp({
              email: uniqueEmail('racer'),
              password: 'secret1',
              invitationCode: 'RACECODE',
            }),
        ),
      );
      // everyone gets an account (the code is applied after sign-up); only one of them takes the code
      expect(outcome).toEqual({ ok: 6, codes: [] });
      const accounts = await db.db
        .selectFrom('invitations')
        .innerJoin('users', 'users.id', 'invitations.invitee_id')
        .select(['users.id', 'users.email'])
        .where('invitation_code', '=', 'RACECODE')
        .execute();
      expect(accounts).toHaveLength(1);
      // two tabs opening the winner's link at once pay the welcome points once; the invitation
      // rewards wait for a first purchase (ADR 0045, tests/integration/points/referral-rewards.test.ts)
      const token = await verificationTokenFor(db.db, accounts[0]!.email);
      const opened = await race(Array.from({ length: 2 }, () => async () => (await new TestBrowser(services).caller()).auth.verifyEmail({ token })));
      expect(opened).toEqual({ ok: 1, codes: ['VERIFICATION_LINK_INVALID'] });
      expect((await getBalances(db.db, inviter.id)).points).toBe(0);
      expect((await getBalances(db.db, accounts[0]!.id)).points).toBe(POINTS_RULES.welcomePoints);
    },
  );

  test.skipIf(!onRealPostgres())('the verification link and a reset link at once: verified once, welcome points paid once', async ({ db, services }) => {
    const referrer = await insertTestUser(db.db);
    const email = uniqueEmail('both-links');
    await (await new TestBrowser(services).caller()).auth.signUp({ email, password: 'secret1', referrerId: referrer.id });
    const verifyToken = await verificationTokenFor(db.db, email);
    await (await new TestBrowser(services).caller()).auth.requestPasswordReset({ email });
    const mail = await db.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', email)
      .where('text_body', 'like', '%access_token=%')
      .executeTakeFirstOrThrow();
    const resetToken = decodeURIComponent(/access_token=([^&\s]+)/.exec(mail.text_body)![1]!);
    const outcome = await race([
      async () => (await new TestBrowser(services).caller()).auth.verifyEmail({ token: verifyToken }),
      async () => (await new TestBrowser(services).caller()).auth.resetPassword({ token: resetToken, password: 'secret22', confirmPassword: 'secret22' }),
    ]);
    expect(outcome.ok).toBe(2);
    const invitee = await db.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    expect((await getBalances(db.db, invitee.id)).points).toBe(POINTS_RULES.welcomePoints);
    expect((await getBalances(db.db, referrer.id)).points).toBe(0);
  });

  test.skipIf(!onRealPostgres())('one e-mail, simultaneous sign-ups: one account, and every caller gets the same answer', async ({ db, services }) => {
    const email = uniqueEmail('same');
    const outcome = await race(
      Array.from({ length: 5 }, () => async () => (await new TestBrowser(services).caller()).auth.signUp({ email, password: 'secret1' })),
    );
    expect(outcome).toEqual({ ok: 5, codes: [] });
    expect(await db.db.selectFrom('users').select('id').where('email', '=', email).execute()).toHaveLength(1);
  });

  test.skipIf(!onRealPostgres())('one reset link used twice at once: one new password, one RESET_LINK_INVALID', async ({ db, services }) => {
    const user = await insertTestUser(db.db);
    await (await new TestBrowser(services, '198.18.0.1').caller()).auth.requestPasswordReset({ email: user.email });
    const mail = await db.db.selectFrom('mail_outbox').select('text_body').where('to_address', '=', user.email).executeTakeFirstOrThrow();
    const token = /access_token=([^&\s]+)/.exec(mail.text_body)![1]!;
    const outcome = await race(
      ['first-pass', 'second-pass'].map(
        (password) => async () => (await new TestBrowser(services).caller()).auth.resetPassword({ token, password, confirmPassword: password }),
      ),
    );
    expect(outcome).toEqual({ ok: 1, codes: ['RESET_LINK_INVALID'] });
  });

  test.skipIf(!onRealPostgres())('simultaneous reset requests for one address: one mail, the rest RESET_COOLDOWN', async ({ db, services }) => {
    const user = await insertTestUser(db.db);
    const outcome = await race(
      Array.from(
        { length: 5 },
        (_, i) => async () => (await new TestBrowser(services, `198.18.1.${i}`).caller()).auth.requestPasswordReset({ email: user.email }),
      ),
    );
    expect(outcome).toEqual({ ok: 1, codes: Array(4).fill('RESET_COOLDOWN') });
    expect(await db.db.selectFrom('mail_outbox').select('id').where('to_address', '=', user.email).execute()).toHaveLength(1);
  });
});
