import { router } from '../../trpc/init.ts';
import { feedRouter } from './feed/router.ts';
import { listingsRouter } from './listings/router.ts';
import { buyingRequestsRouter } from './buying-requests/router.ts';
import { offersRouter } from './offers/router.ts';
import { socialRouter } from './social/router.ts';
import { profilesRouter } from './profiles/router.ts';
import { commentsRouter } from './comments/router.ts';
import { reviewsRouter } from './reviews/router.ts';

/** The discovery feed, listings, buying requests and offers, social records, profiles. */
export const marketplaceRouter = router({
  feed: feedRouter,
  listings: listingsRouter,
  buyingRequests: buyingRequestsRouter,
  offers: offersRouter,
  social: socialRouter,
  profiles: profilesRouter,
  comments: commentsRouter,
  reviews: reviewsRouter,
});
