import { ZSendMessageInput, ZSendMessageResult } from '@curio/shared';
import { limitedPerMember, memberProcedure } from '../../trpc/init.ts';
import { sendMessage } from '../../domain/chat/send-message.ts';

export const send = memberProcedure
  .use(limitedPerMember('chatMessagesPerMember'))
  .input(ZSendMessageInput)
  .output(ZSendMessageResult)
  .mutation(({ ctx, input }) =>
    sendMessage(ctx.services, {
      senderId: ctx.user.id,
      peerId: input.peerId,
      content: input.content,
      orderId: input.orderId,
      listingId: input.listingId,
      clientId: input.clientId,
    }),
  );
