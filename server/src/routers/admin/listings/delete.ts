import { ZAdminListingActionInput, ZAdminListingDeleted } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { deleteListingAsAdmin } from '../../../domain/listings/delete-as-admin.ts';

/**
 * The admin delete of rule AD-13 (confirmed in the client). The row really goes: orders reference listings
 * ON DELETE SET NULL and carry their own snapshot (title, unit price, quantity, total, cover
 * image key), so order history, refunds, complaints and reviews survive with their own data;
 * likes, favourites, views and comments of the listing go with it (ON DELETE CASCADE). The
 * listing's image files leave storage after the commit unless something still points at them
 * (an order's cover snapshot, another listing), see deleteUnreferencedUploads.
 */
export const remove = adminProcedure
  .input(ZAdminListingActionInput)
  .output(ZAdminListingDeleted)
  .mutation(({ ctx, input }) => deleteListingAsAdmin(ctx.services, ctx.user.id, input));
