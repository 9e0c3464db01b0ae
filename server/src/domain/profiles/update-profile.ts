import type { z } from 'zod';
import type { ZSessionUser, ZUpdateProfileInput } from '@curio/shared';
import { isReservedNickname } from '@curio/shared';
import { DomainError } from '../domain-error.ts';
import { loadSessionUser } from '../accounts/session-user.ts';
import { storageFor } from '../../storage/storage-for.ts';
import { assertOwnUploads } from '../uploads/own-uploads.ts';
import type { AuthUser } from '../accounts/sessions.ts';
import type { AppServices } from '../../app-services.ts';

/** /profile/edit: nickname (required), avatar, preferred currency and language. The e-mail is not editable. */
export async function updateOwnProfile(
  services: AppServices,
  member: AuthUser,
  input: z.output<typeof ZUpdateProfileInput>,
): Promise<z.output<typeof ZSessionUser>> {
  // members may not pass for staff or the brand; admins are staff (rules/text.ts)
  if (!member.isAdmin && isReservedNickname(input.nickname)) throw new DomainError('NICKNAME_RESERVED');
  // the schema admits only server-named avatar keys; it must also be this member's own upload
  if (input.avatarKey) {
    const current = await services.db.selectFrom('profiles').select('avatar_key').where('user_id', '=', member.id).executeTakeFirst();
    await assertOwnUploads(services.db, storageFor(services), {
      userId: member.id,
      keys: [input.avatarKey],
      alreadyAttached: current?.avatar_key ? [current.avatar_key] : [],
      error: 'VALIDATION_FAILED',
      params: { field: 'avatarKey' },
    });
  }
  await services.db
    .updateTable('profiles')
    .set({
      nickname: input.nickname,
      ...(input.avatarKey !== undefined ? { avatar_key: input.avatarKey } : {}),
      ...(input.preferredLanguage !== undefined ? { preferred_language: input.preferredLanguage } : {}),
      ...(input.preferredCurrency !== undefined ? { preferred_currency: input.preferredCurrency } : {}),
    })
    .where('user_id', '=', member.id)
    .execute();
  const user = await loadSessionUser(services.db, member.id);
  if (!user) throw new DomainError('UPDATE_FAILED');
  return user;
}
