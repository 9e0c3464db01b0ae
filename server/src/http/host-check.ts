import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import ipaddr from 'ipaddr.js';
import type { AppConfig } from '../config.ts';
import { requestIdOf } from '../observability/request-logging.ts';

/** Whether a host name (without port) names this machine: `localhost`, `*.localhost`, 127.0.0.0/8 or ::1. */
function isLoopbackName(hostname: string): boolean {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  return ipaddr.isValid(bare) && ipaddr.process(bare).range() === 'loopback';
}

/**
 * Which `Host` headers this server answers (ADR 0044): the host of PUBLIC_ORIGIN, and any
 * loopback name while developing or when the public origin is itself on this machine (a laptop's
 * `npm start`, the container check). A page on another name that its DNS points at 127.0.0.1
 * (DNS rebinding) sends its own name as Host, so it is refused before it reaches a route: it
 * could otherwise read what the app answers this machine, such as the dev outbox's reset links.
 */
export function hostMatcher(config: Pick<AppConfig, 'publicOrigin' | 'production'>): (host: string | undefined) => boolean {
  const origin = new URL(config.publicOrigin);
  const loopbackAllowed = !config.production || isLoopbackName(origin.hostname);
  return (host) => {
    if (!host) return false;
    let requested: URL;
    try {
      // parsed with the origin's scheme, so a default port written out (":443") compares equal
      requested = new URL(`${origin.protocol}//${host}`);
    } catch {
      return false;
    }
    if (requested.host === origin.host) return true;
    return loopbackAllowed && isLoopbackName(requested.hostname);
  };
}

/** The HTTP answer to a foreign Host: 421 Misdirected Request, before any route runs. */
export function hostCheck(config: Pick<AppConfig, 'publicOrigin' | 'production'>): RequestHandler {
  const allowed = hostMatcher(config);
  return (req, res, next) => {
    if (allowed(req.headers.host)) return next();
    res
      .status(421)
      .json({ error: { code: 'MISDIRECTED_HOST', message: `This server answers for ${new URL(config.publicOrigin).host}` }, requestId: requestIdOf(res) });
  };
}

/** The same check for a WebSocket upgrade, which never passes through Express. */
export function upgradeHostAllowed(config: Pick<AppConfig, 'publicOrigin' | 'production'>): (req: IncomingMessage) => boolean {
  const allowed = hostMatcher(config);
  return (req) => allowed(req.headers.host);
}
