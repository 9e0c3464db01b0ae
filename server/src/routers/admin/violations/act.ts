import { ZAdminViolationActInput, ZAdminViolationActResult } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { actOnViolation } from '../../../domain/moderation/act-on-violation.ts';

/**
 * An unreviewed violation (rule AD-16) becomes reviewed, warning (the sender is notified)
 * or banned (the sender is banned through the ban service, which ends their sessions and
 * notifies 'banned'), stamped with the reviewer and the time. The guarded UPDATE
 * (`WHERE reviewed_at IS NULL`) makes a double click or two admins at once act once; the loser
 * gets ALREADY_REVIEWED and its transaction, ban and audit entry included, rolls back.
 */
export const act = adminProcedure
  .input(ZAdminViolationActInput)
  .output(ZAdminViolationActResult)
  .mutation(({ ctx, input }) => actOnViolation(ctx.services, ctx.user.id, input));
