import type { TSessionUser } from '@curio/shared';
import type { Context } from '../../trpc/context.ts';
import { DomainError } from '../../domain/domain-error.ts';
import { loadSessionUser } from '../../domain/accounts/session-user.ts';
import type { SignedIn } from '../../domain/accounts/sign-up.ts';

/** Hands a new session to the browser as its cookie and answers with the member it belongs to. */
export async function answerSignedIn(ctx: Context, signedIn: SignedIn): Promise<TSessionUser> {
  ctx.cookies.setSession(signedIn.session.token, signedIn.session.expiresAt);
  const user = await loadSessionUser(ctx.services.db, signedIn.userId);
  if (!user) throw new DomainError('OPERATION_FAILED');
  return user;
}
