import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
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
 * A new request id: 12 hex digits (48 random bits). The first twelve digits of a version 4 UUID
 * are all random, and randomUUID draws from a buffer it refills in batches, where randomBytes(6)
 * asked the system for entropy on every request (docs/performance.md "HTTP overhead").
 */
function newRequestId(): string {
  const uuid = randomUUID();
  return uuid.slice(0, 8) + uuid.slice(9, 13);
}

/** The request's id, kept where `bindRequestContext` finds it again after a body parser. */
const REQUEST_IDS = new WeakMap<IncomingMessage, string>();

/**
 * One access line per request (method, path without query values, client address, status,
 * duration) and a request id in every line written while it is handled (engineering rule E-17).
 * The id is answered in X-Request-Id. Written here rather than through pino-http, which built two
 * child loggers per request (docs/performance.md "HTTP overhead"); the line is the same.
 */
export function requestLogging(trustProxy: TrustProxy): RequestHandler {
  return (req, res, next) => {
    const started = Date.now();
    const forwarded = req.headers['x-request-id'];
    const reqId = typeof forwarded === 'string' && FORWARDED_ID.test(forwarded) ? forwarded : newRequestId();
    res.setHeader(REQUEST_ID_HEADER, reqId);
    REQUEST_IDS.set(req, reqId);
    // probes poll every few seconds; a line each would bury the traffic
    if (!PROBE_PATHS.has(pathOf(req.url))) {
      // read now: by the time the answer has gone, the socket may be closed
      const request = { method: req.method, url: loggablePath(fullUrl(req)), ip: clientAddress(req, trustProxy) };
      // 'close' follows 'finish' for every answer, and comes alone when the client went away first
      res.once('close', () => writeAccessLine(reqId, request, res.statusCode, Date.now() - started));
    }
    requestContext.run({ reqId }, next);
  };
}

function pathOf(url: string | undefined): string {
  const path = url ?? '';
  const queryAt = path.indexOf('?');
  return queryAt < 0 ? path : path.slice(0, queryAt);
}

/**
 * The access line names its request itself: it is written when the answer has gone, from
 * whatever async context the socket calls back in. A 5xx is an error line with an error, so
 * alerts on `"level":50` see it.
 */
function writeAccessLine(reqId: string, req: { method: string; url: string; ip: string }, statusCode: number, responseTime: number): void {
  const line = { reqId, req, res: { statusCode }, responseTime };
  if (statusCode >= 500) {
    logger.error({ ...line, err: new Error(`failed with status code ${statusCode}`) }, `${req.method} ${req.url} ${statusCode}`);
  } else {
    logger.info(line, `${req.method} ${req.url} ${statusCode} ${responseTime} ms`);
  }
}

/**
 * Puts the request's id into async context for what `next` starts. Middleware that calls `next`
 * from a stream callback (body parsers) leaves that context, so chains bind it again after them.
 */
export const bindRequestContext: RequestHandler = (req, _res, next) => {
  const reqId = REQUEST_IDS.get(req);
  if (reqId === undefined) return next();
  requestContext.run({ reqId }, next);
};
