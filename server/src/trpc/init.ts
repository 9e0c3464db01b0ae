import { initTRPC } from '@trpc/server';
import superjson from 'superjson';
import type { Context } from './context.ts';
import { formatError } from './error-formatter.ts';
import { DomainError } from '../domain/domain-error.ts';
import { domainErrorOf, toTRPCError } from './domain-errors.ts';
import { consumeRateLimit } from '../rate-limits/rate-limiter.ts';
import type { RateLimitName } from '../rate-limits/budgets.ts';
import { procedureDuration, webSocketSubscriptions } from '../observability/metrics.ts';

/** A subscription's stream, counted in the running-subscriptions gauge while it runs. */
function countedSubscription(procedure: string, data: unknown): unknown {
  if (!data || typeof data !== 'object' || !(Symbol.asyncIterator in data)) return data;
  const stream = data as AsyncIterable<unknown>;
  return (async function* () {
    webSocketSubscriptions.inc({ procedure });
    try {
      yield* stream;
    } finally {
      webSocketSubscriptions.dec({ procedure });
    }
  })();
}

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter: formatError,
  // never put stacks in responses, whatever NODE_ENV says
  isDev: false,
});

export const router = t.router;
export const mergeRouters = t.mergeRouters;
export const createCallerFactory = t.createCallerFactory;

/**
 * Every procedure starts here: a DomainError thrown anywhere below (access checks, input rules,
 * the domain call) becomes the response its code calls for, with the code for the client.
 */
export const publicProcedure = t.procedure.use(async ({ path, type, next }) => {
  const stop = procedureDuration.startTimer({ procedure: path, type });
  const result = await next();
  const refusal = result.ok ? null : domainErrorOf(result.error);
  stop({ outcome: result.ok ? 'ok' : refusal ? 'refused' : 'error' });
  if (refusal) throw toTRPCError(refusal);
  if (type === 'subscription' && result.ok) return { ...result, data: countedSubscription(path, result.data) };
  return result;
});

/** Signed in and not banned (a banned user's session no longer resolves). */
export const memberProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.auth) throw new DomainError('LOGIN_REQUIRED');
  return next({ ctx: { ...ctx, auth: ctx.auth, user: ctx.auth.user } });
});

/**
 * A member whose e-mail is verified: what lets money leave an account (withdrawals, transfers,
 * tips, points redemption), so rewards farmed with throw-away addresses stay where they landed.
 */
export const verifiedMemberProcedure = memberProcedure.use(({ ctx, next }) => {
  if (!ctx.user.emailVerified) throw new DomainError('EMAIL_NOT_VERIFIED');
  return next();
});

/** Role admin in user_roles, checked on the server for every call . */
export const adminProcedure = memberProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isAdmin) throw new DomainError('ADMIN_REQUIRED');
  return next();
});

/**
 * Spends one point of the signed-in member's budget `name` before the procedure runs, and
 * refuses with RATE_LIMITED (and the seconds to wait) once it is gone. Counted before the input
 * is read, so a flood of invalid calls is limited as well.
 */
export function limitedPerMember(name: RateLimitName) {
  return t.middleware(async ({ ctx, next }) => {
    if (ctx.auth) await consumeRateLimit(ctx.services, name, ctx.auth.user.id);
    return next();
  });
}
