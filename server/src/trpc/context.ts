import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseCookie } from 'cookie';
import { API_TOKEN_SCOPES, type ApiTokenScope } from '@curio/shared';
import type { AppServices } from '../app-services.ts';
import type { AuthUser } from '../domain/accounts/sessions.ts';
import { SESSION_COOKIE, validateSessionToken } from '../domain/accounts/sessions.ts';
import { authenticateApiToken } from '../domain/accounts/api-tokens.ts';
import { sessionCache } from '../domain/accounts/session-cache.ts';
import { clientAddress } from '../http/trust-proxy.ts';
import { bearerTokenOf } from '../http/bearer-token.ts';
import { sessionCookieWriter, type CookieWriter, noopCookieWriter } from '../http/cookies.ts';

export interface AuthState {
  user: AuthUser;
  /** Set for cookie sessions; null when the caller used a personal API token. */
  sessionId: string | null;
  via: 'cookie' | 'token';
  /** What a token may do (ADR 0044); a browser session may do everything its member may, so every scope. */
  scopes: readonly ApiTokenScope[];
}

/** The pure part of a request's context (engineering rule E-7): what tests pass to createCaller. */
export interface Context {
  services: AppServices;
  auth: AuthState | null;
  ip: string;
  userAgent: string;
  cookies: CookieWriter;
  /**
   * The request's Accept-Language header: a refusal's words follow it when the member chose no
   * language. Negotiated only when a refusal is worded, not for every request.
   */
  acceptLanguage: string | undefined;
}

export function createInnerContext(input: {
  services: AppServices;
  auth?: AuthState | null;
  ip?: string;
  userAgent?: string;
  cookies?: CookieWriter;
  acceptLanguage?: string | undefined;
}): Context {
  return {
    services: input.services,
    auth: input.auth ?? null,
    ip: input.ip ?? '127.0.0.1',
    userAgent: input.userAgent ?? '',
    cookies: input.cookies ?? noopCookieWriter,
    acceptLanguage: input.acceptLanguage,
  };
}

/** Reads the session cookie or a Bearer API token; an invalid one is treated as no session. */
export async function resolveAuth(
  services: AppServices,
  headers: { cookie?: string | undefined; authorization?: string | undefined },
  cookies: CookieWriter,
): Promise<AuthState | null> {
  const bearer = bearerTokenOf(headers.authorization);
  if (bearer) {
    const holder = await authenticateApiToken(services.db, services.clock, bearer);
    return holder ? { user: holder.user, sessionId: null, via: 'token', scopes: holder.scopes } : null;
  }
  const token = headers.cookie ? parseCookie(headers.cookie)[SESSION_COOKIE] : undefined;
  if (!token) return null;
  const session = await validateSessionToken(services.db, services.clock, token, sessionCache(services));
  if (!session) {
    cookies.clearSession();
    return null;
  }
  if (session.renewed) cookies.setSession(token, session.expiresAt);
  return { user: session.user, sessionId: session.sessionId, via: 'cookie', scopes: API_TOKEN_SCOPES };
}

export async function createHttpContext(services: AppServices, req: IncomingMessage, res: ServerResponse): Promise<Context> {
  const cookies = sessionCookieWriter(res, services.config.cookieSecure);
  const auth = await resolveAuth(services, req.headers, cookies);
  return createInnerContext({
    services,
    auth,
    ip: clientAddress(req, services.config.trustProxy),
    userAgent: req.headers['user-agent'] ?? '',
    cookies,
    acceptLanguage: req.headers['accept-language'],
  });
}

/** WebSocket connections authenticate once, by the cookie sent with the upgrade request. */
export async function createWsContext(services: AppServices, req: IncomingMessage): Promise<Context> {
  const auth = await resolveAuth(services, { cookie: req.headers.cookie }, noopCookieWriter);
  return createInnerContext({
    services,
    auth,
    ip: clientAddress(req, services.config.trustProxy),
    userAgent: req.headers['user-agent'] ?? '',
    acceptLanguage: req.headers['accept-language'],
  });
}
