import { router } from '../../../trpc/init.ts';
import { create } from './create.ts';
import { withdraw } from './withdraw.ts';
import { reject } from './reject.ts';
import { accept } from './accept.ts';
import { counter } from './counter.ts';
import { forRequest } from './for-request.ts';
import { mine } from './mine.ts';

/** Offers on buying requests and their negotiation (spec 1 §4-§5, spec 2 §5; ADR 0009). */
export const offersRouter = router({ create, withdraw, reject, accept, counter, forRequest, mine });
