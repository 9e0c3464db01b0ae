import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { callerFor, type TestServices } from '../../helpers/services.ts';
import { type TestDatabase } from '../../helpers/test-db.ts';
import { insertTestUser } from '../../helpers/users.ts';
import { newUploadKey } from '../../../server/src/storage/keys.ts';
import { storedUpload } from '../../helpers/uploads.ts';
import { expectAppError } from '../../helpers/app-errors.ts';
import { openWorld } from '../../helpers/world.ts';

let db: TestDatabase, services: TestServices;

beforeAll(async () => ({ db, services } = await openWorld()));
afterAll(() => db?.close());

describe('profile.update', () => {
  test('saves nickname, avatar and preferences and returns the session user', async () => {
    const user = await insertTestUser(db.db);
    const member = await callerFor(services, user.id);
    const avatarKey = await storedUpload(services, user.id, 'avatar');
    const updated = await member.profile.update({
      nickname: '  Collector  ',
      avatarKey,
      preferredLanguage: 'ko',
      preferredCurrency: 'KRW',
    });
    expect(updated).toEqual({
      id: user.id,
      email: user.email,
      nickname: 'Collector',
      avatarUrl: `/uploads/${avatarKey}`,
      isAdmin: false,
      preferredLanguage: 'ko',
      preferredCurrency: 'KRW',
      emailVerified: true,
    });
    expect(await member.auth.me()).toEqual(updated);
  });

  test('fields left out stay as they were; null clears the avatar and preferences', async () => {
    const user = await insertTestUser(db.db);
    const member = await callerFor(services, user.id);
    const avatarKey = await storedUpload(services, user.id, 'avatar');
    await member.profile.update({ nickname: 'One', avatarKey, preferredCurrency: 'HKD' });
    expect(await member.profile.update({ nickname: 'Two' })).toMatchObject({
      nickname: 'Two',
      avatarUrl: `/uploads/${avatarKey}`,
      preferredCurrency: 'HKD',
    });
    expect(await member.profile.update({ nickname: 'Two', avatarKey: null, preferredCurrency: null })).toMatchObject({
      avatarUrl: null,
      preferredCurrency: null,
    });
  });

  test('a blank nickname is the NICKNAME_REQUIRED field error and changes nothing', async () => {
    const user = await insertTestUser(db.db, { nickname: 'keeper' });
    const member = await callerFor(services, user.id);
    const { error, data } = await expectAppError(member.profile.update({ nickname: '   ' }), 'NICKNAME_REQUIRED');
    expect(error.code).toBe('BAD_REQUEST');
    expect(data.fields).toEqual({ nickname: 'NICKNAME_REQUIRED' });
    expect((await member.auth.me())?.nickname).toBe('keeper');
  });

  test.each(['../../etc/passwd', '/absolute.png', 'avatars\\win.png', 'a/../../b.png'])(
    'refuses the avatar key %j that could point outside the uploads folder',
    async (avatarKey) => {
      const user = await insertTestUser(db.db);
      const member = await callerFor(services, user.id);
      await expectAppError(member.profile.update({ nickname: 'x', avatarKey }), 'VALIDATION_FAILED');
      expect((await member.auth.me())?.avatarUrl).toBeNull();
    },
  );

  test('an avatar key must name an avatar upload that exists', async () => {
    const user = await insertTestUser(db.db);
    const member = await callerFor(services, user.id);
    const neverUploaded = newUploadKey('avatar', services.clock.now());
    await expectAppError(member.profile.update({ nickname: 'x', avatarKey: neverUploaded }), 'VALIDATION_FAILED');
    const listingImage = await storedUpload(services, user.id, 'listing');
    await expectAppError(member.profile.update({ nickname: 'x', avatarKey: listingImage }), 'VALIDATION_FAILED');
    // another member's avatar upload is refused like one that does not exist
    const othersAvatar = await storedUpload(services, (await insertTestUser(db.db)).id, 'avatar');
    await expectAppError(member.profile.update({ nickname: 'x', avatarKey: othersAvatar }), 'VALIDATION_FAILED');
    expect((await member.auth.me())?.avatarUrl).toBeNull();
  });

  test('visitors are refused', async () => {
    await expectAppError((await callerFor(services)).profile.update({ nickname: 'x' }), 'LOGIN_REQUIRED');
  });
});

describe('profile.updatePreferences', () => {
  test('changes only the fields given', async () => {
    const user = await insertTestUser(db.db);
    const member = await callerFor(services, user.id);
    expect(await member.profile.updatePreferences({ preferredCurrency: 'TWD' })).toEqual({ ok: true });
    expect(await member.profile.updatePreferences({ preferredLanguage: 'zh-TW' })).toEqual({ ok: true });
    expect(await member.profile.updatePreferences({})).toEqual({ ok: true });
    expect(await member.auth.me()).toMatchObject({ preferredCurrency: 'TWD', preferredLanguage: 'zh-TW' });
  });

  test('an unknown currency or language is a typed validation error', async () => {
    const member = await callerFor(services, (await insertTestUser(db.db)).id);
    const currency = await expectAppError(member.profile.updatePreferences({ preferredCurrency: 'EUR' as 'USD' }), 'VALIDATION_FAILED');
    expect(currency.data.fields).toHaveProperty('preferredCurrency');
    await expectAppError(member.profile.updatePreferences({ preferredLanguage: 'fr' as 'en' }), 'VALIDATION_FAILED');
  });

  test('visitors are refused', async () => {
    await expectAppError((await callerFor(services)).profile.updatePreferences({ preferredCurrency: 'USD' }), 'LOGIN_REQUIRED');
  });
});
