import { LIMITS } from '@curio/shared';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { callerFor } from '../../helpers/services.ts';
import { newUploadKey } from '../../../server/src/storage/keys.ts';
import { storedUpload } from '../../helpers/uploads.ts';
import { expectAppError } from '../../helpers/app-errors.ts';

describe('profile.update', () => {
  test('saves nickname, avatar and preferences and returns the session user', async ({ services, member }) => {
    const { user, api } = await member();
    const avatarKey = await storedUpload(services, user.id, 'avatar');
    const updated = await api.profile.update({
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
    expect(await api.auth.me()).toEqual(updated);
  });

  test('fields left out stay as they were; null clears the avatar and preferences', async ({ services, member }) => {
    const { user, api } = await member();
    const avatarKey = await storedUpload(services, user.id, 'avatar');
    await api.profile.update({ nickname: 'One', avatarKey, preferredCurrency: 'HKD' });
    expect(await api.profile.update({ nickname: 'Two' })).toMatchObject({
      nickname: 'Two',
      avatarUrl: `/uploads/${avatarKey}`,
      preferredCurrency: 'HKD',
    });
    expect(await api.profile.update({ nickname: 'Two', avatarKey: null, preferredCurrency: null })).toMatchObject({
      avatarUrl: null,
      preferredCurrency: null,
    });
  });

  test('a blank nickname is the NICKNAME_REQUIRED field error and changes nothing', async ({ member }) => {
    const { api } = await member({ nickname: 'keeper' });
    const { error, data } = await expectAppError(api.profile.update({ nickname: '   ' }), 'NICKNAME_REQUIRED');
    expect(error.code).toBe('BAD_REQUEST');
    expect(data.fields).toEqual({ nickname: 'NICKNAME_REQUIRED' });
    expect((await api.auth.me())?.nickname).toBe('keeper');
  });

  test('a nickname over 40 characters is NICKNAME_TOO_LONG and changes nothing; 40 (in CJK too) is fine', async ({ member }) => {
    const { api } = await member({ nickname: 'keeper' });
    const { error, data } = await expectAppError(api.profile.update({ nickname: 'x'.repeat(LIMITS.nicknameMax + 1) }), 'NICKNAME_TOO_LONG');
    expect(error.code).toBe('BAD_REQUEST');
    expect(data.fields).toEqual({ nickname: 'NICKNAME_TOO_LONG' });
    expect((await api.auth.me())?.nickname).toBe('keeper');
    expect((await api.profile.update({ nickname: '收'.repeat(LIMITS.nicknameMax) })).nickname).toHaveLength(LIMITS.nicknameMax);
  });

  // ADR 0043: names are compared with the staff and brand words by their confusable skeletons
  test.for([
    'Cur\u00ADio Store',
    'Admın',
    '\uA4EEdmin',
    'Admín',
    'A\u0301dmin',
    '\u0410dmin',
    'Curi\u043E',
    'St\u0430ff Curi\u03BF',
    'Ｃｕｒｉｏ',
    'C u r i o',
    'rnoderator',
    'Curl0',
  ])('a lookalike of a staff or brand name, %j, is NICKNAME_RESERVED and changes nothing', async (nickname, { member }) => {
    const { api } = await member({ nickname: 'keeper' });
    const { error } = await expectAppError(api.profile.update({ nickname }), 'NICKNAME_RESERVED');
    expect(error.code).toBe('BAD_REQUEST');
    expect((await api.auth.me())?.nickname).toBe('keeper');
  });

  test('ordinary names in every language stay allowed, accents and all', async ({ member }) => {
    const { api } = await member({ nickname: 'keeper' });
    for (const nickname of ['王小明', '陳美玲', '佐藤 みどり', '김민지', 'José Núñez', 'Ángela', 'Ramón', 'Olivia', 'badminton fan', 'curiosity']) {
      expect((await api.profile.update({ nickname })).nickname, nickname).toBe(nickname);
    }
  });

  test.for(['../../etc/passwd', '/absolute.png', 'avatars\\win.png', 'a/../../b.png'])(
    'refuses the avatar key %j that could point outside the uploads folder',
    async (avatarKey, { member }) => {
      const { api } = await member();
      await expectAppError(api.profile.update({ nickname: 'x', avatarKey }), 'VALIDATION_FAILED');
      expect((await api.auth.me())?.avatarUrl).toBeNull();
    },
  );

  test('an avatar key must name an avatar upload that exists', async ({ services, member }) => {
    const { user, api } = await member();
    const neverUploaded = newUploadKey('avatar', services.clock.now());
    await expectAppError(api.profile.update({ nickname: 'x', avatarKey: neverUploaded }), 'VALIDATION_FAILED');
    const listingImage = await storedUpload(services, user.id, 'listing');
    await expectAppError(api.profile.update({ nickname: 'x', avatarKey: listingImage }), 'VALIDATION_FAILED');
    // another member's avatar upload is refused like one that does not exist
    const othersAvatar = await storedUpload(services, (await member()).id, 'avatar');
    await expectAppError(api.profile.update({ nickname: 'x', avatarKey: othersAvatar }), 'VALIDATION_FAILED');
    expect((await api.auth.me())?.avatarUrl).toBeNull();
  });

  test('visitors are refused', async ({ services }) => {
    await expectAppError((await callerFor(services)).profile.update({ nickname: 'x' }), 'LOGIN_REQUIRED');
  });
});

describe('profile.updatePreferences', () => {
  test('changes only the fields given', async ({ member }) => {
    const { api } = await member();
    expect(await api.profile.updatePreferences({ preferredCurrency: 'TWD' })).toEqual({ ok: true });
    expect(await api.profile.updatePreferences({ preferredLanguage: 'zh-TW' })).toEqual({ ok: true });
    expect(await api.profile.updatePreferences({})).toEqual({ ok: true });
    expect(await api.auth.me()).toMatchObject({ preferredCurrency: 'TWD', preferredLanguage: 'zh-TW' });
  });

  test('an unknown currency or language is a typed validation error', async ({ member }) => {
    const { api } = await member();
    const currency = await expectAppError(api.profile.updatePreferences({ preferredCurrency: 'EUR' as 'USD' }), 'VALIDATION_FAILED');
    expect(currency.data.fields).toHaveProperty('preferredCurrency');
    await expectAppError(api.profile.updatePreferences({ preferredLanguage: 'fr' as 'en' }), 'VALIDATION_FAILED');
  });

  test('visitors are refused', async ({ services }) => {
    await expectAppError((await callerFor(services)).profile.updatePreferences({ preferredCurrency: 'USD' }), 'LOGIN_REQUIRED');
  });
});
