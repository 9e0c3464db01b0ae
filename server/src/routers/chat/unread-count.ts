import { memberProcedure } from '../../trpc/init.ts';
import { countUnreadMessages } from '../../domain/chat/unread-count.ts';
import { ZUnreadCount } from '@curio/shared';

export const unreadCount = memberProcedure.output(ZUnreadCount).query(async ({ ctx }) => ({ count: await countUnreadMessages(ctx.services.db, ctx.user.id) }));
