import { tracked } from '@trpc/server';
import { ZAdminDashboard, ZResumableSubscriptionInput } from '@curio/shared';
import { adminProcedure } from '../../trpc/init.ts';
import { UserEventWatch } from '../../realtime/user-event-watch.ts';
import { ADMIN_QUEUE_ID } from '../../realtime/events.ts';
import { countPending, dashboardFigures } from '../../domain/admin/dashboard.ts';

/** Spec 3 §2.2: head counts of the tables the console manages, and the pending counts. */
export const dashboard = adminProcedure.output(ZAdminDashboard).query(({ ctx }) => dashboardFigures(ctx.services));

/**
 * Spec 3 §2.1: the badges kept live. Database triggers raise 'admin-queue-changed' whenever a
 * request joins or leaves a queue (migrations/20261121T0090_admin_queue_events.ts), whoever
 * caused it and in whichever process; each wake-up re-counts, so a lost or doubled event
 * cannot leave a wrong number, and an unchanged count is not sent again.
 */
export const onPendingCounts = adminProcedure
  .input(ZResumableSubscriptionInput)
  .subscription(async function* ({ ctx, input, signal }) {
    const watch = new UserEventWatch(ctx.services.events, ADMIN_QUEUE_ID, ['admin-queue-changed'], signal);
    try {
      let lastSentId = input?.lastEventId ?? null;
      do {
        const pending = await countPending(ctx.services.db);
        const id = `pending:${Object.values(pending).join(',')}`;
        if (id !== lastSentId) {
          lastSentId = id;
          yield tracked(id, pending);
        }
      } while (await watch.next());
    } finally {
      watch.stop();
    }
  });
