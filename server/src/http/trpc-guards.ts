import express, { type RequestHandler } from 'express';
import { refuseCrossSiteWrites, requireJsonBody } from './csrf.ts';
import { readJsonBody, refuseDeepJson } from './request-limits.ts';
import { bindRequestContext } from '../observability/request-logging.ts';

/**
 * What every request to /trpc passes before tRPC reads it: cross-site writes refused
 * (engineering rule E-10), a POST only as JSON, its body read within the cap, and no input
 * nested deeper than the cap (ADR 0025).
 *
 * A GET or HEAD (every query) carries its input in the URL and no body tRPC would read: the
 * first three guards have nothing to check there, so it goes straight to the depth check
 * instead of through four more handlers (docs/performance.md "HTTP overhead").
 */
export function trpcRequestGuards(publicOrigin: string): RequestHandler {
  const withBody = express.Router();
  withBody.use(
    refuseCrossSiteWrites(publicOrigin),
    requireJsonBody,
    readJsonBody,
    // the body parser calls on from a stream callback, outside the request's async context
    bindRequestContext,
    refuseDeepJson,
  );
  return (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return refuseDeepJson(req, res, next);
    withBody(req, res, next);
  };
}
