import { ZNotificationsInput, ZNotificationsPage } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { listNotifications } from '../../domain/notifications/list-notifications.ts';

/** The member's notifications, newest first. A row of a type this build does not know is skipped. */
export const list = memberProcedure
  .input(ZNotificationsInput)
  .output(ZNotificationsPage)
  .query(({ ctx, input }) => listNotifications(ctx.services, ctx.user.id, input));
