import { ZSocialState, ZSocialStateInput } from '@curio/shared';
import { publicProcedure } from '../../../trpc/init.ts';
import { socialState } from '../../../domain/social/social-state.ts';

/**
 * Whether the caller likes and favourites one item, with its counts, for detail pages that
 * render the buttons. Visitors get false/false (the buttons then ask them to sign in).
 */
export const state = publicProcedure
  .input(ZSocialStateInput)
  .output(ZSocialState)
  .query(({ ctx, input }) => socialState(ctx.services, ctx.auth?.user.id ?? null, input));
