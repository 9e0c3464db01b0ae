import { ZAdminSetRoleInput, ZAdminSetRoleResult } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { setAdminRole } from '../../../domain/accounts/admin-role.ts';

/** Grant or revoke the admin role with a reason, audited; the last admin stays (LAST_ADMIN). */
export const setRole = adminProcedure
  .input(ZAdminSetRoleInput)
  .output(ZAdminSetRoleResult)
  .mutation(({ ctx, input }) => setAdminRole(ctx.services, ctx.user.id, input));
