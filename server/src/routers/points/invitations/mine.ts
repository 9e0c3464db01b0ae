import { z } from 'zod';
import { ZInvitation } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { listInvitations } from '../../../domain/points/invitations.ts';

/** /invitations: the member's codes with status, created and accepted times and who accepted. */
export const mine = memberProcedure.output(z.array(ZInvitation)).query(({ ctx }) => listInvitations(ctx.services.db, ctx.user.id, ctx.services.clock.now()));
