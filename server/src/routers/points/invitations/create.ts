import { ZCreatedInvitation } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { createOrReuseInvitation } from '../../../domain/points/invitations.ts';

/** The member's pending code is reused (rule P-12); otherwise a new one valid for 30 days (ADR 0016). */
export const create = memberProcedure
  .output(ZCreatedInvitation)
  .mutation(({ ctx }) => createOrReuseInvitation(ctx.services.db, ctx.user.id, ctx.services.clock.now()));
