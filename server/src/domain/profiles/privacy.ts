import type { z } from 'zod';
import type { ZActivityPrivacy } from '@curio/shared';
import { activityPrivacyFrom } from '@curio/shared';
import { DomainError } from '../domain-error.ts';
import type { AppServices } from '../../app-services.ts';

/** /privacy-settings: the member's eight activity flags, defaults filled in. */
export async function readPrivacy(services: AppServices, memberId: string): Promise<z.output<typeof ZActivityPrivacy>> {
  const row = await services.db.selectFrom('profiles').select('activity_privacy').where('user_id', '=', memberId).executeTakeFirst();
  if (!row) throw new DomainError('USER_NOT_FOUND');
  return activityPrivacyFrom(row.activity_privacy);
}
