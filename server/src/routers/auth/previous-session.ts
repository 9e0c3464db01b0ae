import type { Context } from '../../trpc/context.ts';

/** The browser session a sign-in or a verification link replaces (rotation); API-token callers have none. */
export function previousSession(ctx: Context): { userId: string; sessionId: string } | null {
  return ctx.auth?.sessionId ? { userId: ctx.auth.user.id, sessionId: ctx.auth.sessionId } : null;
}
