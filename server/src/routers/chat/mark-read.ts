import { ZPeerInput } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { markThreadRead } from '../../domain/chat/mark-read.ts';

/** Marks everything the peer sent the member as read; every open tab's badge follows. */
export const markRead = memberProcedure.input(ZPeerInput).mutation(({ ctx, input }) => markThreadRead(ctx.services, ctx.user.id, input));
