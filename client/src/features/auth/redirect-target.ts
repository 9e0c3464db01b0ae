import type { Location } from 'react-router';

/** Pages that must never be the destination after signing in, or the visitor would loop. */
const AUTH_PATHS = ['/auth', '/reset-password'];

function isSafeInternalPath(value: unknown): value is string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return false;
  }
  const pathname = value.split(/[?#]/, 1)[0] ?? '';
  return !AUTH_PATHS.includes(pathname);
}

/**
 * Where to go after signing in: `?redirect=` or the `from` location a guard put in the
 * navigation state. Only same-site paths are honoured so a crafted link cannot send a freshly
 * signed-in member to another site.
 */
export function redirectTargetOf(searchParams: URLSearchParams, state: unknown): string {
  const fromQuery = searchParams.get('redirect');
  if (isSafeInternalPath(fromQuery)) return fromQuery;
  const from = (state as { from?: unknown } | null)?.from;
  if (isSafeInternalPath(from)) return from;
  if (from && typeof from === 'object' && 'pathname' in from) {
    const { pathname, search = '', hash = '' } = from as Partial<Location>;
    const path = `${pathname ?? ''}${search}${hash}`;
    if (isSafeInternalPath(path)) return path;
  }
  return '/';
}

/** The sign-in address that brings the member back to `location` afterwards. */
export function authPathFor(location: Pick<Location, 'pathname' | 'search'>): string {
  const back = `${location.pathname}${location.search}`;
  return isSafeInternalPath(back) && back !== '/' ? `/auth?redirect=${encodeURIComponent(back)}` : '/auth';
}
