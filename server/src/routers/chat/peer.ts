import { ZChatPeerDetail, ZPeerInput } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { chatPeer } from '../../domain/chat/peer.ts';

/**
 * Who a conversation is with, and whether either side blocked the other: the thread header,
 * the block menu and the "cannot contact this seller" notice read it before anything is sent.
 */
export const peer = memberProcedure
  .input(ZPeerInput)
  .output(ZChatPeerDetail)
  .query(({ ctx, input }) => chatPeer(ctx.services, ctx.user.id, input));
