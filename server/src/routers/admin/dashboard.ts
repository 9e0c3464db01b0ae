import { ZAdminDashboard, ZResumableSubscriptionInput } from '@curio/shared';
import { adminProcedure } from '../../trpc/init.ts';
import { liveValue } from '../../trpc/live-value.ts';
import { ADMIN_QUEUE_ID } from '../../realtime/events.ts';
import { countPending, dashboardFigures } from '../../domain/admin/dashboard.ts';

/** Head counts of the tables the console manages, and the pending counts (rule AD-7). */
export const dashboard = adminProcedure.output(ZAdminDashboard).query(({ ctx }) => dashboardFigures(ctx.services));

/**
 * The dashboard kept live like the badges (rule AD-7, ADR 0033): the queue triggers and the
 * head-count triggers (migrations/20261126T0160_admin_dashboard_events.ts) wake it, each
 * wake-up re-counts, and unchanged figures are not sent again.
 */
export const onDashboard = adminProcedure.input(ZResumableSubscriptionInput).subscription(({ ctx, input, signal }) =>
  liveValue({
    events: ctx.services.events,
    topic: ADMIN_QUEUE_ID,
    types: ['admin-queue-changed', 'admin-totals-changed'],
    signal,
    lastEventId: input?.lastEventId,
    read: () => dashboardFigures(ctx.services),
    idOf: (figures) => `dashboard:${Object.values(figures.totals).join(',')}|${Object.values(figures.pending).join(',')}`,
  }),
);

/**
 * The badges kept live (rule AD-4, ADR 0019). Database triggers raise 'admin-queue-changed' whenever a
 * request joins or leaves a queue (migrations/20261121T0090_admin_queue_events.ts), whoever
 * caused it and in whichever process; each wake-up re-counts, so a lost or doubled event
 * cannot leave a wrong number, and an unchanged count is not sent again.
 */
export const onPendingCounts = adminProcedure.input(ZResumableSubscriptionInput).subscription(({ ctx, input, signal }) =>
  liveValue({
    events: ctx.services.events,
    topic: ADMIN_QUEUE_ID,
    types: ['admin-queue-changed'],
    signal,
    lastEventId: input?.lastEventId,
    read: () => countPending(ctx.services.db),
    idOf: (pending) => `pending:${Object.values(pending).join(',')}`,
  }),
);
