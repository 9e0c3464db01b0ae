import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { RequestHandler } from 'express';
import type { AppConfig } from '../config.ts';

/**
 * Response headers that keep the app's pages from being turned against their readers (ADR 0026),
 * through helmet:
 * - scripts only from this origin, none inline, so injected markup cannot run code;
 * - styles from this origin plus inline ones, because Mantine sets style attributes and writes
 *   its CSS variables into a <style> element at run time; a style cannot run code;
 * - images from this origin (uploads), data: URIs and blob: previews of a photo before upload;
 * - connections to this origin only, WebSocket included;
 * - no framing by anyone (clickjacking), no plugins, no <base> or form posts elsewhere;
 * - HSTS and upgrade-insecure-requests only when the public origin is https: on
 *   http://localhost they would break the site.
 *
 * None of them depends on the request, so helmet runs once, when the app is built, and every
 * answer gets the headers it set in one loop (docs/performance.md "HTTP overhead").
 */
export function securityHeaders(config: AppConfig): RequestHandler {
  const https = config.publicOrigin.startsWith('https://');
  const socketOrigin = config.publicOrigin.replace(/^http/, 'ws');
  const { set, removed } = headersOf(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          scriptSrcAttr: ["'none'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", socketOrigin],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          manifestSrc: ["'self'"],
          workerSrc: ["'self'", 'blob:'],
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      xFrameOptions: { action: 'deny' },
      // the app loads nothing from other origins, but uploads must stay embeddable by this origin only
      crossOriginResourcePolicy: { policy: 'same-origin' },
      crossOriginEmbedderPolicy: false,
    }),
  );
  return (_req, res, next) => {
    for (const [name, value] of set) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    next();
  };
}

/** What a middleware that only sets headers does to every response, recorded by running it once. */
function headersOf(middleware: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void): {
  set: Array<[string, string]>;
  removed: string[];
} {
  const set = new Map<string, string>();
  const removed = new Set<string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      removed.delete(name);
      set.set(name, String(value));
      return recorder;
    },
    removeHeader(name: string) {
      set.delete(name);
      removed.add(name);
    },
  };
  let passed = false;
  middleware({ headers: {} } as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error instanceof Error ? error : new Error('the security headers middleware failed', { cause: error });
    passed = true;
  });
  // a header that depended on the request or came later would be lost: refuse to start instead
  if (!passed) throw new Error('the security headers middleware did not answer at once');
  return { set: [...set], removed: [...removed] };
}
