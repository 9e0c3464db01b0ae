import { sql } from 'kysely';
import { ZActivityPrivacy, ZUpdatePrivacyInput, activityPrivacyFrom } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { DomainError } from '../../../domain/domain-error.ts';

/**
 * Saves some or all of the eight flags (the rest keep their values) and returns all eight.
 * Only future activities follow the new flags; past ones keep the visibility they were
 * recorded with (ADR 0011).
 */
export const updatePrivacy = memberProcedure
  .input(ZUpdatePrivacyInput)
  .output(ZActivityPrivacy)
  .mutation(async ({ ctx, input }) => {
    // jsonb || merges in one statement, so two tabs saving different flags both land
    const row = await ctx.services.db
      .updateTable('profiles')
      .set({ activity_privacy: sql`activity_privacy || cast(${JSON.stringify(input.flags)} as jsonb)` })
      .where('user_id', '=', ctx.user.id)
      .returning('activity_privacy')
      .executeTakeFirst();
    if (!row) throw new DomainError('UPDATE_FAILED');
    return activityPrivacyFrom(row.activity_privacy);
  });
