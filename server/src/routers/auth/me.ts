import { ZSessionUser } from '@curio/shared';
import { publicProcedure } from '../../trpc/init.ts';
import { loadSessionUser } from '../../domain/accounts/session-user.ts';

/** The signed-in member (cookie or API token), or null for a visitor. */
export const me = publicProcedure.output(ZSessionUser.nullable()).query(async ({ ctx }) => {
  if (!ctx.auth) return null;
  return loadSessionUser(ctx.services.db, ctx.auth.user.id);
});
