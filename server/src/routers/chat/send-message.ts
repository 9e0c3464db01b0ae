import { ZSendMessageInput, ZSendMessageResult } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { sendMessage } from '../../domain/chat/send-message.ts';

/** The sender's chat budget is spent by the send's own statement (ADR 0041), not by a middleware. */
export const send = memberProcedure
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
