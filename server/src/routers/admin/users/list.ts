import { ZAdminUser, ZAdminUsersListInput, zAdminPage } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { listUsers } from '../../../domain/admin/lists/users.ts';

export const list = adminProcedure
  .input(ZAdminUsersListInput)
  .output(zAdminPage(ZAdminUser))
  .query(({ ctx, input }) => listUsers(ctx.services.db, input));
