import type { z } from 'zod';
import { sql } from 'kysely';
import type { ZActivityPrivacy, ZUpdatePrivacyInput } from '@curio/shared';
import { activityPrivacyFrom } from '@curio/shared';
import { DomainError } from '../domain-error.ts';
import type { AppServices } from '../../app-services.ts';

/**
 * Saves some or all of the eight flags (the rest keep their values) and returns all eight.
 * Only future activities follow the new flags; past ones keep the visibility they were
 * recorded with (ADR 0011).
 */
export async function setProfilePrivacy(
  services: AppServices,
  memberId: string,
  input: z.output<typeof ZUpdatePrivacyInput>,
): Promise<z.output<typeof ZActivityPrivacy>> {
  // jsonb || merges in one statement, so two tabs saving different flags both land
  const row = await services.db
    .updateTable('profiles')
    .set({ activity_privacy: sql`activity_privacy || cast(${JSON.stringify(input.flags)} as jsonb)` })
    .where('user_id', '=', memberId)
    .returning('activity_privacy')
    .executeTakeFirst();
  if (!row) throw new DomainError('UPDATE_FAILED');
  return activityPrivacyFrom(row.activity_privacy);
}
