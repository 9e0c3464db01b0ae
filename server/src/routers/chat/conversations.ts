import { ZConversationsInput, ZConversationsPage } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { listConversations } from '../../domain/chat/conversations.ts';

/**
 * The messages centre's list (rule C-1): one entry per counterparty, latest first, with the last
 * message and how many of theirs are unread. Unread counts are read from the messages
 * themselves (the badge's own truth), only for the peers on this page.
 */
export const conversations = memberProcedure
  .input(ZConversationsInput)
  .output(ZConversationsPage)
  .query(({ ctx, input }) => listConversations(ctx.services, ctx.user.id, input));
