import { ZSessionUser, ZUpdateProfileInput } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { appError } from '../../trpc/app-error.ts';
import { loadSessionUser } from '../../services/auth/session-user.ts';
import { storageFor } from '../../storage/storage-for.ts';

/** /profile/edit: nickname (required), avatar, preferred currency and language. The e-mail is not editable. */
export const update = memberProcedure
  .input(ZUpdateProfileInput)
  .output(ZSessionUser)
  .mutation(async ({ ctx, input }) => {
    // the schema admits only server-named avatar keys; the file must also really be there
    if (input.avatarKey && !(await storageFor(ctx.services).exists(input.avatarKey))) {
      throw appError('VALIDATION_FAILED', { field: 'avatarKey' });
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
    if (!user) throw appError('UPDATE_FAILED');
    return user;
  });
