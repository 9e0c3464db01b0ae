import { ZSessionUser, ZUpdateProfileInput } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { updateOwnProfile } from '../../domain/profiles/update-profile.ts';

/** /profile/edit: nickname (required), avatar, preferred currency and language. The e-mail is not editable. */
export const update = memberProcedure
  .input(ZUpdateProfileInput)
  .output(ZSessionUser)
  .mutation(({ ctx, input }) => updateOwnProfile(ctx.services, ctx.user, input));
