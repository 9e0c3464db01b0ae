import { router } from '../../../trpc/init.ts';
import { create } from './create.ts';
import { update } from './update.ts';
import { remove } from './delete.ts';
import { forOrder } from './for-order.ts';
import { byListing } from './by-listing.ts';

/** Reviews of completed orders and the seller reputation they feed (rules S-18 to S-24; ADR 0014). */
export const reviewsRouter = router({ create, update, delete: remove, forOrder, byListing });
