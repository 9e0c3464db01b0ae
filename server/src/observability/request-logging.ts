import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import type { TrustProxy } from '../http/trust-proxy.ts';
import { clientAddress } from '../http/trust-proxy.ts';
import { logger, requestContext } from './logger.ts';
import { PROBE_PATHS } from './metrics.ts';

const REQUEST_ID_HEADER = 'X-Request-Id';

/** An id a proxy in front already gave the request is kept, so its logs and ours line up. */
const FORWARDED_ID = /^[\w.-]{8,64}$/;

/**
 * A path with its query values removed: links carry sign-in and reset tokens, and tRPC GET
 * inputs can carry anything a member typed.
 */
function loggablePath(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt < 0) return url;
  const names = [...new URLSearchParams(url.slice(queryAt + 1)).keys()];
  return `${url.slice(0, queryAt)}?${names.map((name) => `${name}=…`).join('&')}`;
}

/** Express shortens req.url inside a mounted router; the line names what the client asked for. */
function fullUrl(req: IncomingMessage): string {
  return (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '';
}

/** The id an answer carries (X-Request-Id), for handlers that hold the response. */
export function requestIdOf(res: ServerResponse): string | undefined {
  const id = res.getHeader(REQUEST_ID_HEADER);
  return typeof id === 'string' ? id : undefined;
}

/** The id of the request being handled, which error answers carry so a member can quote it to support. */
export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.reqId;
}

/**
 * One access line per request (status, duration) and a request id in every line written while
 * it is handled (engineering rule E-17). The id is answered in X-Request-Id.
 */
export function requestLogging(trustProxy: TrustProxy): RequestHandler[] {
  const accessLog = pinoHttp<IncomingMessage, ServerResponse>({
    logger,
    genReqId(req, res) {
      const forwarded = req.headers[REQUEST_ID_HEADER.toLowerCase()];
      const id = typeof forwarded === 'string' && FORWARDED_ID.test(forwarded) ? forwarded : randomBytes(6).toString('hex');
      res.setHeader(REQUEST_ID_HEADER, id);
      return id;
    },
    // probes poll every few seconds; a line each would bury the traffic
    autoLogging: { ignore: (req) => PROBE_PATHS.has((req.url ?? '').split('?')[0] ?? '') },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
    customSuccessMessage: (req, res, ms) => `${req.method} ${loggablePath(fullUrl(req))} ${res.statusCode} ${Math.round(ms)} ms`,
    customErrorMessage: (req, res) => `${req.method} ${loggablePath(fullUrl(req))} ${res.statusCode}`,
    serializers: {
      req: (req: IncomingMessage) => ({ method: req.method, url: loggablePath(fullUrl(req)), ip: clientAddress(req, trustProxy) }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
    },
    wrapSerializers: false,
    // the request's logger binds its id itself: the access line is written when the answer has
    // gone, from whatever async context the socket calls back in
    quietReqLogger: true,
  });
  return [accessLog, bindRequestContext];
}

/**
 * Puts the request's id into async context for what `next` starts. Middleware that calls `next`
 * from a stream callback (body parsers) leaves that context, so chains bind it again after them.
 */
export const bindRequestContext: RequestHandler = (req, _res, next) => {
  requestContext.run({ reqId: req.id as string }, next);
};
