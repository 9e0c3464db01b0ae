import { ZAdminListingsInput, ZAdminListingsPage } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { listListings } from '../../../domain/admin/lists/listings.ts';

export const list = adminProcedure
  .input(ZAdminListingsInput)
  .output(ZAdminListingsPage)
  .query(({ ctx, input }) => listListings(ctx.services.db, input));
