import { ZActivityPrivacy, ZUpdatePrivacyInput } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { setProfilePrivacy } from '../../../domain/profiles/update-privacy.ts';

/**
 * Saves some or all of the eight flags (the rest keep their values) and returns all eight.
 * Only future activities follow the new flags; past ones keep the visibility they were
 * recorded with (ADR 0011).
 */
export const updatePrivacy = memberProcedure
  .input(ZUpdatePrivacyInput)
  .output(ZActivityPrivacy)
  .mutation(({ ctx, input }) => setProfilePrivacy(ctx.services, ctx.user.id, input));
