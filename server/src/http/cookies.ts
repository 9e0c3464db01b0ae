import type { ServerResponse } from 'node:http';
import { stringifySetCookie } from 'cookie';
import { SESSION_COOKIE } from '../domain/accounts/sessions.ts';

export interface CookieWriter {
  setSession(token: string, expiresAt: Date): void;
  clearSession(): void;
}

export const noopCookieWriter: CookieWriter = { setSession() {}, clearSession() {} };

function appendSetCookie(res: ServerResponse, value: string): void {
  if (res.headersSent) return;
  const existing = res.getHeader('Set-Cookie');
  const list = Array.isArray(existing) ? existing : existing ? [String(existing)] : [];
  res.setHeader('Set-Cookie', [...list, value]);
}

/** HttpOnly, SameSite=Lax, Secure (engineering rule E-10). */
export function sessionCookieWriter(res: ServerResponse, secure: boolean): CookieWriter {
  return {
    setSession(token, expiresAt) {
      appendSetCookie(res, stringifySetCookie({ name: SESSION_COOKIE, value: token, httpOnly: true, sameSite: 'lax', secure, path: '/', expires: expiresAt }));
    },
    clearSession() {
      appendSetCookie(res, stringifySetCookie({ name: SESSION_COOKIE, value: '', httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: 0 }));
    },
  };
}
