import { describe, expect, test } from '../../helpers/fixtures.ts';
import { hashToken } from '../../../server/src/domain/accounts/tokens.ts';
import { banUser, liftBan } from '../../../server/src/domain/accounts/ban-user.ts';
import { type TestDatabase } from '../../helpers/test-db.ts';
import { insertTestUser, TEST_PASSWORD, type TestUser } from '../../helpers/users.ts';
import { openAuthWorld, TestBrowser, type AuthTestServices } from './support.ts';
import { expectAppError } from '../../helpers/app-errors.ts';

let db: TestDatabase, services: AuthTestServices;

test.beforeAll(({ db: fileDb, services: fileServices }) => {
  ({ db, services } = openAuthWorld({ db: fileDb, services: fileServices }));
});

async function signedIn(user: TestUser): Promise<TestBrowser> {
  const browser = new TestBrowser(services);
  await (await browser.caller()).auth.signIn({ email: user.email, password: TEST_PASSWORD });
  return browser;
}

describe('banUser', () => {
  test('inserts an active ban, ends every session, and tells the sockets', async ({ admin }) => {
    const user = await insertTestUser(db.db);
    const laptop = await signedIn(user);
    const phone = await signedIn(user);
    const sessionIds = [hashToken(laptop.sessionToken!), hashToken(phone.sessionToken!)].sort();
    const before = services.events.published.length;

    const result = await banUser(db.db, services.events, { userId: user.id, bannedBy: admin.id, reason: '  fraud  ' });

    expect(result.created).toBe(true);
    expect([...result.endedSessionIds].sort()).toEqual(sessionIds);
    const ban = await db.db.selectFrom('user_bans').selectAll().where('id', '=', result.banId).executeTakeFirstOrThrow();
    expect(ban).toMatchObject({ user_id: user.id, banned_by: admin.id, reason: 'fraud', status: 'active', unbanned_at: null });
    const published = services.events.published.slice(before);
    expect(published).toHaveLength(1);
    // marked as a ban, so the member's open tabs close with the ban's own code and say why
    expect(published[0]).toMatchObject({ type: 'session-revoked', userId: user.id, cause: 'banned' });

    // the sessions no longer authenticate, and the member cannot come back in
    expect(await (await laptop.caller()).auth.me()).toBeNull();
    await expectAppError((await phone.caller()).profile.updatePreferences({ preferredCurrency: 'USD' }), 'LOGIN_REQUIRED');
    const { error } = await expectAppError(
      (await new TestBrowser(services).caller()).auth.signIn({ email: user.email, password: TEST_PASSWORD }),
      'USER_BANNED',
    );
    expect(error.code).toBe('FORBIDDEN');
  });

  test('banning a banned member keeps the first ban', async ({ admin }) => {
    const user = await insertTestUser(db.db);
    const first = await banUser(db.db, services.events, { userId: user.id, bannedBy: admin.id, reason: 'first' });
    const second = await banUser(db.db, services.events, { userId: user.id, bannedBy: admin.id, reason: 'second' });
    expect(second).toMatchObject({ banId: first.banId, created: false });
    const bans = await db.db.selectFrom('user_bans').select(['reason', 'status']).where('user_id', '=', user.id).execute();
    expect(bans).toEqual([{ reason: 'first', status: 'active' }]);
    // the member is told once, with the reason of the ban that stands
    const told = await db.db.selectFrom('notifications').select(['type', 'params']).where('user_id', '=', user.id).execute();
    expect(told).toEqual([{ type: 'banned', params: { reason: 'first' } }]);
  });

  test('a reason is required, the user must exist, and an admin cannot ban themself', async ({ admin }) => {
    const user = await insertTestUser(db.db);
    await expectAppError(banUser(db.db, services.events, { userId: user.id, bannedBy: admin.id, reason: '   ' }), 'REASON_REQUIRED');
    await expectAppError(
      banUser(db.db, services.events, { userId: '00000000-0000-4000-8000-000000000000', bannedBy: admin.id, reason: 'x' }),
      'USER_NOT_FOUND',
    );
    await expectAppError(banUser(db.db, services.events, { userId: admin.id, bannedBy: admin.id, reason: 'oops' }), 'FORBIDDEN');
    expect(await db.db.selectFrom('user_bans').select('id').where('user_id', 'in', [user.id, admin.id]).execute()).toEqual([]);
  });
});

describe('liftBan', () => {
  test('lifts the active ban with a timestamp; the member can sign in again', async ({ admin }) => {
    const user = await insertTestUser(db.db);
    const { banId } = await banUser(db.db, services.events, { userId: user.id, bannedBy: admin.id, reason: 'mistake' });
    const at = services.clock.now();
    expect(await liftBan(db.db, { userId: user.id, at })).toEqual({ lifted: true });
    const ban = await db.db.selectFrom('user_bans').selectAll().where('id', '=', banId).executeTakeFirstOrThrow();
    expect(ban).toMatchObject({ status: 'lifted', unbanned_at: at });
    const browser = await signedIn(user);
    expect((await (await browser.caller()).auth.me())?.id).toBe(user.id);

    expect(await liftBan(db.db, { userId: user.id })).toEqual({ lifted: false });
    // a later ban is a new row; the history stays
    await banUser(db.db, services.events, { userId: user.id, bannedBy: admin.id, reason: 'again' });
    expect(await db.db.selectFrom('user_bans').select('status').where('user_id', '=', user.id).orderBy('created_at').execute()).toHaveLength(2);
  });
});
