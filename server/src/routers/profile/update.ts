import { isReservedNickname, ZSessionUser, ZUpdateProfileInput } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { DomainError } from '../../domain/domain-error.ts';
import { loadSessionUser } from '../../domain/accounts/session-user.ts';
import { storageFor } from '../../storage/storage-for.ts';
import { assertOwnUploads } from '../../domain/uploads/own-uploads.ts';

/** /profile/edit: nickname (required), avatar, preferred currency and language. The e-mail is not editable. */
export const update = memberProcedure
  .input(ZUpdateProfileInput)
  .output(ZSessionUser)
  .mutation(async ({ ctx, input }) => {
    // members may not pass for staff or the brand; admins are staff (rules/text.ts)
    if (!ctx.user.isAdmin && isReservedNickname(input.nickname)) throw new DomainError('NICKNAME_RESERVED');
    // the schema admits only server-named avatar keys; it must also be this member's own upload
    if (input.avatarKey) {
      const current = await ctx.services.db.selectFrom('profiles').select('avatar_key').where('user_id', '=', ctx.user.id).executeTakeFirst();
      await assertOwnUploads(ctx.services.db, storageFor(ctx.services), {
        userId: ctx.user.id,
        keys: [input.avatarKey],
        alreadyAttached: current?.avatar_key ? [current.avatar_key] : [],
        error: 'VALIDATION_FAILED',
        params: { field: 'avatarKey' },
      });
    }
    await ctx.services.db
      .updateTable('profiles')
      .set({
        nickname: input.nickname,
        ...(input.avatarKey !== undefined ? { avatar_key: input.avatarKey } : {}),
        ...(input.preferredLanguage !== undefined ? { preferred_language: input.preferredLanguage } : {}),
        ...(input.preferredCurrency !== undefined ? { preferred_currency: input.preferredCurrency } : {}),
      })
      .where('user_id', '=', ctx.user.id)
      .execute();
    const user = await loadSessionUser(ctx.services.db, ctx.user.id);
    if (!user) throw new DomainError('UPDATE_FAILED');
    return user;
  });
