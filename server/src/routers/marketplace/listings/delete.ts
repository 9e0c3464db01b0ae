import { z } from 'zod';
import { ZListingIdInput } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { deleteListing } from '../../../domain/listings/delete-listing.ts';

/** The owner deletes a listing (confirmed in the client); its images leave storage after the commit. */
export const remove = memberProcedure
  .input(ZListingIdInput)
  .output(z.object({ ok: z.literal(true) }))
  .mutation(({ ctx, input }) => deleteListing(ctx.services, ctx.user.id, input));
