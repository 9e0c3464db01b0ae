import { ZActivityPrivacy, activityPrivacyFrom } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { DomainError } from '../../../domain/domain-error.ts';

/** /privacy-settings: the member's eight activity flags, defaults filled in. */
export const privacy = memberProcedure.output(ZActivityPrivacy).query(async ({ ctx }) => {
  const row = await ctx.services.db
    .selectFrom('profiles')
    .select('activity_privacy')
    .where('user_id', '=', ctx.user.id)
    .executeTakeFirst();
  if (!row) throw new DomainError('USER_NOT_FOUND');
  return activityPrivacyFrom(row.activity_privacy);
});
