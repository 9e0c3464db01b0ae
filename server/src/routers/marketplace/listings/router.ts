import { router } from '../../../trpc/init.ts';
import { create } from './create.ts';
import { update } from './update.ts';
import { remove } from './delete.ts';
import { get } from './get.ts';
import { recordView } from './record-view.ts';
import { report } from './report.ts';
import { recommendations } from './recommendations.ts';
import { bySeller } from './by-seller.ts';

/** Listings (rules L-1 to L-16): publish, edit, delete, detail, views, reports, recommendations, profile tabs. */
export const listingsRouter = router({
  create,
  update,
  delete: remove,
  get,
  recordView,
  report,
  recommendations,
  bySeller,
});
