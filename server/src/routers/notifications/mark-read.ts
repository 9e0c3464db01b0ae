import { ZMarkNotificationsReadInput } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { markNotificationsRead } from '../../domain/notifications/mark-read.ts';

export const markRead = memberProcedure
  .input(ZMarkNotificationsReadInput)
  .mutation(({ ctx, input }) => markNotificationsRead(ctx.services, ctx.user.id, input));
