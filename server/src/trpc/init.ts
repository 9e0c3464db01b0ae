import { initTRPC } from '@trpc/server';
import superjson from 'superjson';
import type { Context } from './context.ts';
import { formatError } from './error-formatter.ts';
import { appError } from './app-error.ts';
import { consumeRateLimit } from '../rate-limits/rate-limiter.ts';
import type { RateLimitName } from '../rate-limits/budgets.ts';

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter: formatError,
  // never put stacks in responses, whatever NODE_ENV says
  isDev: false,
});

export const router = t.router;
export const mergeRouters = t.mergeRouters;
export const createCallerFactory = t.createCallerFactory;

export const publicProcedure = t.procedure;

/** Signed in and not banned (a banned user's session no longer resolves). */
export const memberProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.auth) throw appError('LOGIN_REQUIRED');
  return next({ ctx: { ...ctx, auth: ctx.auth, user: ctx.auth.user } });
});

/**
 * A member whose e-mail is verified: what lets money leave an account (withdrawals, transfers,
 * tips, points redemption), so rewards farmed with throw-away addresses stay where they landed.
 */
export const verifiedMemberProcedure = memberProcedure.use(({ ctx, next }) => {
  if (!ctx.user.emailVerified) throw appError('EMAIL_NOT_VERIFIED');
  return next();
});

/** Role admin in user_roles, checked on the server for every call (DESIGN decision 7). */
export const adminProcedure = memberProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isAdmin) throw appError('ADMIN_REQUIRED');
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
