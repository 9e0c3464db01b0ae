import { z } from 'zod';
import { memberProcedure } from '../../trpc/init.ts';
import { invalidateSession } from '../../domain/accounts/sessions.ts';
import { publishCommitted, sessionRevokedEvent } from '../../domain/accounts/publish-events.ts';
import { sessionCache } from '../../domain/accounts/session-cache.ts';

/** Ends this browser's session; its open sockets close on the `session-revoked` event. */
export const signOut = memberProcedure.output(z.object({ ok: z.literal(true) })).mutation(async ({ ctx }) => {
  const sessionId = ctx.auth.sessionId;
  if (sessionId) {
    await invalidateSession(ctx.services.db, sessionId);
    // other processes hear the sessions table's trigger; this one forgets it before answering
    sessionCache(ctx.services).drop(sessionId);
    await publishCommitted(ctx.services.events, sessionRevokedEvent(ctx.user.id, [sessionId]));
  }
  ctx.cookies.clearSession();
  return { ok: true as const };
});
