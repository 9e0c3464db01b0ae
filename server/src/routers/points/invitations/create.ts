import { ZCreatedInvitation } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { createOrReuseInvitation } from '../../../domain/points/invitations.ts';

/** Spec 2 §4: the member's pending code is reused; otherwise a new one valid for 30 days (ADR 0016). */
export const create = memberProcedure
  .output(ZCreatedInvitation)
  .mutation(({ ctx }) => createOrReuseInvitation(ctx.services.db, ctx.user.id, ctx.services.clock.now()));
