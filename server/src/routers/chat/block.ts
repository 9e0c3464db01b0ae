import { ZBlockInput, ZBlockState, ZPeerInput } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { blockMember, unblockMember } from '../../domain/chat/blocks.ts';

/** Blocks a user; blocking twice keeps the first record and its reason. */
export const block = memberProcedure
  .input(ZBlockInput)
  .output(ZBlockState)
  .mutation(({ ctx, input }) => blockMember(ctx.services, ctx.user.id, input));

export const unblock = memberProcedure
  .input(ZPeerInput)
  .output(ZBlockState)
  .mutation(({ ctx, input }) => unblockMember(ctx.services, ctx.user.id, input.peerId));
