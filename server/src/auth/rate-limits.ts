import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppServices } from '../services/app-services.ts';
import { appError } from '../trpc/app-error.ts';

/**
 * Brute-force brakes for sign-in and reset requests (DESIGN decision 10). Counters live in
 * process memory: with several processes each keeps its own, which loosens the limit by the
 * process count but never locks anyone out for longer than one window.
 */
export const AUTH_RATE_LIMITS = {
  /** Failed sign-ins per e-mail address: guessing one account's password. */
  signInFailuresPerEmail: { points: 10, duration: 15 * 60 },
  /** Failed sign-ins per client IP: spraying passwords over many accounts. */
  signInFailuresPerIp: { points: 30, duration: 15 * 60 },
  /** Reset requests per client IP: the per-address cooldown alone would let one client mail everyone. */
  resetRequestsPerIp: { points: 20, duration: 15 * 60 },
} as const;

export interface AuthLimiters {
  signInFailuresPerEmail: RateLimiterMemory;
  signInFailuresPerIp: RateLimiterMemory;
  resetRequestsPerIp: RateLimiterMemory;
}

// keyed by the services object so every server (and every test file) counts on its own
const limitersByServices = new WeakMap<AppServices, AuthLimiters>();

export function authLimitersFor(services: AppServices): AuthLimiters {
  let limiters = limitersByServices.get(services);
  if (!limiters) {
    limiters = {
      signInFailuresPerEmail: new RateLimiterMemory({ keyPrefix: 'sign-in-email', ...AUTH_RATE_LIMITS.signInFailuresPerEmail }),
      signInFailuresPerIp: new RateLimiterMemory({ keyPrefix: 'sign-in-ip', ...AUTH_RATE_LIMITS.signInFailuresPerIp }),
      resetRequestsPerIp: new RateLimiterMemory({ keyPrefix: 'reset-ip', ...AUTH_RATE_LIMITS.resetRequestsPerIp }),
    };
    limitersByServices.set(services, limiters);
  }
  return limiters;
}

function rateLimited(msBeforeNext: number) {
  return appError('RATE_LIMITED', { seconds: Math.max(1, Math.ceil(msBeforeNext / 1000)) });
}

/** Throws RATE_LIMITED when `key` has used up its budget, without spending any of it. */
export async function assertWithinLimit(limiter: RateLimiterMemory, key: string): Promise<void> {
  const state = await limiter.get(key);
  if (state && state.consumedPoints >= limiter.points) throw rateLimited(state.msBeforeNext);
}

/** Counts one failure against `key`; the next check refuses once the budget is gone. */
export async function recordFailure(limiter: RateLimiterMemory, key: string): Promise<void> {
  await limiter.penalty(key, 1);
}

/** Spends one point of `key`'s budget, or throws RATE_LIMITED when none is left. */
export async function consumeOrRefuse(limiter: RateLimiterMemory, key: string): Promise<void> {
  try {
    await limiter.consume(key, 1);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) throw rateLimited(rejection.msBeforeNext);
    throw rejection;
  }
}
