import { ZActivityPrivacy } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { readPrivacy } from '../../../domain/profiles/privacy.ts';

/** /privacy-settings: the member's eight activity flags, defaults filled in. */
export const privacy = memberProcedure.output(ZActivityPrivacy).query(({ ctx }) => readPrivacy(ctx.services, ctx.user.id));
