import { initTRPC } from '@trpc/server';
import superjson from 'superjson';
import type { Context } from './context.ts';
import { formatError } from './error-formatter.ts';
import { appError } from './app-error.ts';

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

/** Role admin in user_roles, checked on the server for every call (DESIGN decision 7). */
export const adminProcedure = memberProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isAdmin) throw appError('ADMIN_REQUIRED');
  return next();
});
