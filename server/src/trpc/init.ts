import { initTRPC } from '@trpc/server';
import superjson from 'superjson';
import type { Context } from './context.ts';
import { formatError } from './error-formatter.ts';
import { DomainError } from '../domain/domain-error.ts';
import { domainErrorOf, toTRPCError } from './domain-errors.ts';
import { consumeRateLimit } from '../rate-limits/rate-limiter.ts';
import type { RateLimitName } from '../rate-limits/budgets.ts';
import { procedureDuration, webSocketSubscriptions } from '../observability/metrics.ts';
import { scopeNeeded, type ProcedureAccess } from '@curio/shared';

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

/**
 * Who may call a procedure, set by the builder it is made with (never by hand): `public` for
 * anyone; `member`, `wallet` and `admin` for signed-in callers, and for API tokens that hold the
 * scope the access and the call's kind need (TOKEN_SCOPE_BY_ACCESS, ADR 0044); `session` for a
 * signed-in browser only, never a token (minting and widening tokens).
 */
export interface ProcedureMeta {
  access: 'public' | 'session' | ProcedureAccess;
}

/** A token's call to a procedure its scopes do not open is refused before the input is read. */
function assertTokenMayCall(auth: Context['auth'], meta: ProcedureMeta | undefined, type: 'query' | 'mutation' | 'subscription'): void {
  if (auth?.via !== 'token' || !meta || meta.access === 'public') return;
  if (meta.access === 'session') throw new DomainError('SESSION_REQUIRED');
  const scope = scopeNeeded(meta.access, type);
  if (!auth.scopes.includes(scope)) throw new DomainError('TOKEN_SCOPE_MISSING', { scope });
}

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    transformer: superjson,
    errorFormatter: formatError,
    // never put stacks in responses, whatever NODE_ENV says
    isDev: false,
    defaultMeta: { access: 'public' },
  });

export const router = t.router;
export const mergeRouters = t.mergeRouters;
export const createCallerFactory = t.createCallerFactory;

/**
 * Every procedure starts here: a DomainError thrown anywhere below (access checks, input rules,
 * the domain call) becomes the response its code calls for, with the code for the client.
 */
export const publicProcedure = t.procedure
  .use(async ({ path, type, next }) => {
    const stop = procedureDuration.startTimer({ procedure: path, type });
    const result = await next();
    const refusal = result.ok ? null : domainErrorOf(result.error);
    stop({ outcome: result.ok ? 'ok' : refusal ? 'refused' : 'error' });
    if (refusal) throw toTRPCError(refusal);
    if (type === 'subscription' && result.ok) return { ...result, data: countedSubscription(path, result.data) };
    return result;
  })
  .use(({ ctx, meta, type, next }) => {
    assertTokenMayCall(ctx.auth, meta, type);
    return next();
  });

/** Signed in and not banned (a banned user's session no longer resolves). */
const signedInProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.auth) throw new DomainError('LOGIN_REQUIRED');
  return next({ ctx: { ...ctx, auth: ctx.auth, user: ctx.auth.user } });
});

/** A signed-in member; a token needs `read` for queries and `trade` for changes. */
export const memberProcedure = signedInProcedure.meta({ access: 'member' });

/** A signed-in browser, never an API token: what mints or widens tokens (a leaked token must not breed). */
export const sessionProcedure = signedInProcedure.meta({ access: 'session' });

/**
 * A member whose e-mail is verified: what lets money leave an account (withdrawals, transfers,
 * tips, points redemption), so rewards farmed with throw-away addresses stay where they landed.
 * A token needs the `wallet` scope for these.
 */
export const verifiedMemberProcedure = signedInProcedure.meta({ access: 'wallet' }).use(({ ctx, next }) => {
  if (!ctx.user.emailVerified) throw new DomainError('EMAIL_NOT_VERIFIED');
  return next();
});

/** Role admin in user_roles, checked on the server for every call; a token needs the `admin` scope. */
export const adminProcedure = signedInProcedure.meta({ access: 'admin' }).use(({ ctx, next }) => {
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
