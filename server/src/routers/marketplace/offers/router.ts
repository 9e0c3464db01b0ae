import { router } from '../../../trpc/init.ts';
import { create } from './create.ts';
import { withdraw } from './withdraw.ts';
import { reject } from './reject.ts';
import { accept } from './accept.ts';
import { counter } from './counter.ts';
import { forRequest } from './for-request.ts';
import { mine } from './mine.ts';

/** Offers on buying requests and their negotiation (rules B-10 to B-15; ADR 0009). */
export const offersRouter = router({ create, withdraw, reject, accept, counter, forRequest, mine });
