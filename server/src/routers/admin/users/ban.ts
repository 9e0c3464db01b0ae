import { ZAdminBanInput, ZAdminBanResult, ZAdminEndSessionsInput, ZAdminEndSessionsResult, ZAdminUnbanInput } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { banAsAdmin, endSessionsAsAdmin, liftBanAsAdmin } from '../../../domain/accounts/ban-as-admin.ts';

/**
 * Ban with a required reason (rule AD-9). The ban service ends every session and notifies
 * 'banned'; an admin cannot be banned (CANNOT_BAN_ADMIN, checked by the service). Banning a
 * banned user is refused rather than silently kept, so the admin sees their click did nothing
 * and the log never holds a ban that changed nothing.
 */
export const ban = adminProcedure
  .input(ZAdminBanInput)
  .output(ZAdminBanResult)
  .mutation(({ ctx, input }) => banAsAdmin(ctx.services, ctx.user.id, input));

/** Unban (rule AD-9): active → lifted with a timestamp; the member signs in again themselves. */
export const unban = adminProcedure
  .input(ZAdminUnbanInput)
  .output(ZAdminBanResult)
  .mutation(({ ctx, input }) => liftBanAsAdmin(ctx.services, ctx.user.id, input));

/** End all sessions (ADR 0044): every cookie and API token of the member stops working, with a reason. */
export const endSessions = adminProcedure
  .input(ZAdminEndSessionsInput)
  .output(ZAdminEndSessionsResult)
  .mutation(({ ctx, input }) => endSessionsAsAdmin(ctx.services, ctx.user.id, input));
