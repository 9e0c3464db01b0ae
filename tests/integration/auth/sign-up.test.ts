import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseOptions } from '@node-rs/argon2';
import { LIMITS } from '@curio/shared';
import { getBalances } from '../../../server/src/ledger/index.ts';
import { hashToken } from '../../../server/src/auth/tokens.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-db.ts';
import { insertTestUser } from '../../helpers/users.ts';
import { createAuthTestServices, expectAppError, TestBrowser, uniqueEmail, type AuthTestServices } from './support.ts';

let db: TestDatabase;
let services: AuthTestServices;

beforeAll(async () => {
  db = await createTestDatabase();
  services = createAuthTestServices(db);
});
afterAll(async () => {
  await db?.close();
});

async function userCountByEmail(email: string): Promise<number> {
  const rows = await db.db.selectFrom('users').select('id').where('email', '=', email.toLowerCase()).execute();
  return rows.length;
}

async function insertInvitation(inviterId: string, code: string, extra: { status?: string; expiresAt?: Date } = {}) {
  return db.db
    .insertInto('invitations')
    .values({
      inviter_id: inviterId,
      invitation_code: code,
      status: extra.status ?? 'pending',
      expires_at: extra.expiresAt ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

describe('auth.signUp', () => {
  test('creates the user, a profile with defaults, and signs in with a new session cookie', async () => {
    const browser = new TestBrowser(services);
    const email = `New.Member+${Date.now()}@Example.TEST`;
    const user = await (await browser.caller()).auth.signUp({ email, password: 'secret1', language: 'ja' });

    expect(user).toMatchObject({
      email: email.toLowerCase(),
      nickname: email.split('@')[0]!.toLowerCase(),
      avatarUrl: null,
      isAdmin: false,
      preferredLanguage: 'ja',
      preferredCurrency: null,
    });
    expect(browser.sessionToken).toBeTruthy();
    const session = await db.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', hashToken(browser.sessionToken!))
      .executeTakeFirstOrThrow();
    expect(session.user_id).toBe(user.id);
    const { invitation, ...sessionUser } = user;
    expect(invitation).toBeNull();
    expect(await (await browser.caller()).auth.me()).toEqual(sessionUser);

    const profile = await db.db.selectFrom('profiles').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(profile).toMatchObject({ credit_score: 100, attendance_rate: 1, sold_count: 0, preferred_language: 'ja' });
  });

  test('stores an argon2id hash with at least 19 MiB and 2 passes, never the password', async () => {
    const email = uniqueEmail();
    const user = await (await new TestBrowser(services).caller()).auth.signUp({ email, password: 'correct horse' });
    const row = await db.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.password_hash).not.toContain('correct horse');
    expect(row.password_hash.startsWith('$argon2id$')).toBe(true);
    const params = parseOptions(row.password_hash);
    expect(params.memoryCost).toBeGreaterThanOrEqual(19456);
    expect(params.timeCost).toBeGreaterThanOrEqual(2);
  });

  test('refuses an e-mail that is already registered, whatever its case (EMAIL_TAKEN)', async () => {
    const email = uniqueEmail('dup');
    await (await new TestBrowser(services).caller()).auth.signUp({ email, password: 'secret1' });
    const browser = new TestBrowser(services);
    const { error } = await expectAppError(
      (await browser.caller()).auth.signUp({ email: email.toUpperCase(), password: 'another1' }),
      'EMAIL_TAKEN',
    );
    expect(error.code).toBe('CONFLICT');
    expect(browser.sessionToken).toBeNull();
    expect(await userCountByEmail(email)).toBe(1);
  });

  test('refuses a password under 6 characters with the PASSWORD_TOO_SHORT field error', async () => {
    const email = uniqueEmail();
    const { error, data } = await expectAppError(
      (await new TestBrowser(services).caller()).auth.signUp({ email, password: '12345' }),
      'PASSWORD_TOO_SHORT',
    );
    expect(error.code).toBe('BAD_REQUEST');
    expect(data.fields).toEqual({ password: 'PASSWORD_TOO_SHORT' });
    expect(await userCountByEmail(email)).toBe(0);
  });

  test.each(['', 'not-an-email', 'a@', '@example.test', 'two@@example.test'])(
    'refuses the malformed e-mail %j as a typed validation error',
    async (email) => {
      const { error, data } = await expectAppError(
        (await new TestBrowser(services).caller()).auth.signUp({ email, password: 'secret1' }),
        'EMAIL_INVALID',
      );
      expect(error.code).toBe('BAD_REQUEST');
      expect(data.fields).toEqual({ email: 'EMAIL_INVALID' });
    },
  );

  test('a pending invitation code is accepted for the new member, who and inviter get 30 and 50 points', async () => {
    const inviter = await insertTestUser(db.db);
    const invitation = await insertInvitation(inviter.id, 'WELCOME1');
    const before = services.events.published.length;

    const user = await (await new TestBrowser(services).caller()).auth.signUp({
      email: uniqueEmail('invited'),
      password: 'secret1',
      invitationCode: '  WELCOME1 ',
    });

    expect(user.invitation).toBe('code');
    const row = await db.db.selectFrom('invitations').selectAll().where('id', '=', invitation.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'accepted', invitee_id: user.id });
    expect(row.accepted_at).toEqual(services.clock.now());
    expect((await getBalances(db.db, inviter.id)).points).toBe(LIMITS.inviterRewardPoints);
    expect((await getBalances(db.db, user.id)).points).toBe(LIMITS.inviteeRewardPoints);
    const rewards = await db.db
      .selectFrom('ledger_transfers')
      .select(['kind', 'amount', 'currency', 'reference_type', 'reference_id'])
      .where('reference_id', '=', invitation.id)
      .orderBy('amount', 'desc')
      .execute();
    expect(rewards).toEqual([
      { kind: 'invitation_reward', amount: 50, currency: 'points', reference_type: 'invitation', reference_id: invitation.id },
      { kind: 'invitation_reward', amount: 30, currency: 'points', reference_type: 'invitation', reference_id: invitation.id },
    ]);
    expect(services.events.published.slice(before)).toEqual(
      expect.arrayContaining([
        { type: 'balances-changed', userId: inviter.id },
        { type: 'balances-changed', userId: user.id },
      ]),
    );
  });

  test.each([
    { name: 'an unknown code', setup: async () => 'NOSUCHCODE' },
    {
      name: 'an already accepted code',
      setup: async () => {
        const inviter = await insertTestUser(db.db);
        await insertInvitation(inviter.id, 'USEDCODE', { status: 'accepted' });
        return 'USEDCODE';
      },
    },
    {
      name: 'an expired code',
      setup: async () => {
        const inviter = await insertTestUser(db.db);
        await insertInvitation(inviter.id, 'OLDCODE', { expiresAt: new Date(services.clock.now().getTime() - 1000) });
        return 'OLDCODE';
      },
    },
  ])('refuses $name with INVITATION_CODE_INVALID and writes nothing', async ({ setup }) => {
    const code = await setup();
    const email = uniqueEmail('badcode');
    const browser = new TestBrowser(services);
    const transfersBefore = await db.db.selectFrom('ledger_transfers').select('id').execute();
    await expectAppError((await browser.caller()).auth.signUp({ email, password: 'secret1', invitationCode: code }), 'INVITATION_CODE_INVALID');
    expect(await userCountByEmail(email)).toBe(0);
    expect(browser.sessionToken).toBeNull();
    expect(await db.db.selectFrom('ledger_transfers').select('id').execute()).toHaveLength(transfersBefore.length);
  });

  test('a code works once: the second member to use it is refused', async () => {
    const inviter = await insertTestUser(db.db);
    await insertInvitation(inviter.id, 'ONCEONLY');
    await (await new TestBrowser(services).caller()).auth.signUp({ email: uniqueEmail(), password: 'secret1', invitationCode: 'ONCEONLY' });
    await expectAppError(
      (await new TestBrowser(services).caller()).auth.signUp({ email: uniqueEmail(), password: 'secret1', invitationCode: 'ONCEONLY' }),
      'INVITATION_CODE_INVALID',
    );
    expect((await getBalances(db.db, inviter.id)).points).toBe(LIMITS.inviterRewardPoints);
  });

  test('a stored referrer gets an accepted invitation row with a fresh unique code, and both are rewarded', async () => {
    const referrer = await insertTestUser(db.db);
    const user = await (await new TestBrowser(services).caller()).auth.signUp({
      email: uniqueEmail('referred'),
      password: 'secret1',
      referrerId: referrer.id,
    });
    expect(user.invitation).toBe('referral');
    const rows = await db.db.selectFrom('invitations').selectAll().where('inviter_id', '=', referrer.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'accepted', invitee_id: user.id });
    expect(rows[0]!.invitation_code).toMatch(/^[A-Z0-9]{8}$/);
    expect((await getBalances(db.db, referrer.id)).points).toBe(50);
    expect((await getBalances(db.db, user.id)).points).toBe(30);
  });

  test('an unknown referrer is ignored: the sign-up succeeds without an invitation or rewards', async () => {
    const user = await (await new TestBrowser(services).caller()).auth.signUp({
      email: uniqueEmail('stale-ref'),
      password: 'secret1',
      referrerId: '00000000-0000-4000-8000-000000000000',
    });
    expect(user.invitation).toBeNull();
    expect(await db.db.selectFrom('invitations').select('id').where('invitee_id', '=', user.id).execute()).toEqual([]);
    expect((await getBalances(db.db, user.id)).points).toBe(0);
  });

  test('an invitation code wins over a stored referrer', async () => {
    const inviter = await insertTestUser(db.db);
    const referrer = await insertTestUser(db.db);
    await insertInvitation(inviter.id, 'CODEWINS');
    const user = await (await new TestBrowser(services).caller()).auth.signUp({
      email: uniqueEmail(),
      password: 'secret1',
      invitationCode: 'CODEWINS',
      referrerId: referrer.id,
    });
    const row = await db.db.selectFrom('invitations').selectAll().where('invitee_id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.inviter_id).toBe(inviter.id);
    expect((await getBalances(db.db, referrer.id)).points).toBe(0);
  });

  test('signing up from a signed-in browser ends that browser\'s previous session', async () => {
    const browser = new TestBrowser(services);
    const first = await (await browser.caller()).auth.signUp({ email: uniqueEmail(), password: 'secret1' });
    const firstToken = browser.sessionToken!;
    const second = await (await browser.caller()).auth.signUp({ email: uniqueEmail(), password: 'secret1' });
    expect(browser.sessionToken).not.toBe(firstToken);
    expect(await db.db.selectFrom('sessions').select('id').where('id', '=', hashToken(firstToken)).execute()).toEqual([]);
    expect(services.events.published).toContainEqual({
      type: 'session-revoked',
      userId: first.id,
      sessionIds: [hashToken(firstToken)],
    });
    expect((await (await browser.caller()).auth.me())?.id).toBe(second.id);
  });
});
