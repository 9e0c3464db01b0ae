import type { RequestHandler } from 'express';
import { requestIdOf } from '../observability/request-logging.ts';

/**
 * Refuses state-changing requests that a browser sent from another site (engineering rule E-10).
 * Scripts send no Origin and no Sec-Fetch-Site, and authenticate with a Bearer token instead.
 */
export function refuseCrossSiteWrites(publicOrigin: string): RequestHandler {
  return (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
    const fetchSite = req.get('sec-fetch-site');
    const origin = req.get('origin');
    const sameOrigin = !origin || origin === publicOrigin || hostOf(origin) === req.get('host');
    if (fetchSite === 'cross-site' || fetchSite === 'same-site' || !sameOrigin) {
      res.status(403).json({ error: { code: 'FORBIDDEN' }, requestId: requestIdOf(res) });
      return;
    }
    next();
  };
}

/** tRPC mutations must be JSON: a form or text/plain POST (the classic CSRF shapes) is refused. */
export const requireJsonBody: RequestHandler = (req, res, next) => {
  if (req.method !== 'POST') return next();
  if (!req.is('application/json')) {
    res.status(415).json({ error: { code: 'VALIDATION_FAILED' }, requestId: requestIdOf(res) });
    return;
  }
  next();
};

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
