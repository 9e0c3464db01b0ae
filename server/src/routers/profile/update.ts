import { ZSessionUser, ZUpdateProfileInput } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { appError } from '../../trpc/app-error.ts';
import { loadSessionUser } from '../../services/auth/session-user.ts';

/**
 * Upload keys are names the uploads route chose (DESIGN decision 11): relative, no parent
 * segments, no backslashes, so `/uploads/<key>` can never point outside the uploads folder.
 */
const UPLOAD_KEY = /^(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9._/-]*$/;

/** /profile/edit: nickname (required), avatar, preferred currency and language. The e-mail is not editable. */
export const update = memberProcedure
  .input(ZUpdateProfileInput)
  .output(ZSessionUser)
  .mutation(async ({ ctx, input }) => {
    if (input.avatarKey && !UPLOAD_KEY.test(input.avatarKey)) throw appError('VALIDATION_FAILED', { field: 'avatarKey' });
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
