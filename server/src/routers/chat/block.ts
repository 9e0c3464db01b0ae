import { ZBlockInput, ZBlockState, ZPeerInput } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { DomainError } from '../../domain/domain-error.ts';
import { blockStateBetween } from '../../domain/chat/blocks.ts';

/** Blocks a user (spec 2 "Blocking"); blocking twice keeps the first record and its reason. */
export const block = memberProcedure
  .input(ZBlockInput)
  .output(ZBlockState)
  .mutation(async ({ ctx, input }) => {
    const me = ctx.user.id;
    if (input.userId === me) throw new DomainError('CANNOT_BLOCK_SELF');
    const target = await ctx.services.db.selectFrom('users').select('id').where('id', '=', input.userId).executeTakeFirst();
    if (!target) throw new DomainError('USER_NOT_FOUND');
    await ctx.services.db
      .insertInto('user_blocks')
      .values({ blocker_id: me, blocked_id: input.userId, reason: input.reason, created_at: ctx.services.clock.now() })
      .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
      .execute();
    return blockStateBetween(ctx.services.db, me, input.userId);
  });

export const unblock = memberProcedure
  .input(ZPeerInput)
  .output(ZBlockState)
  .mutation(async ({ ctx, input }) => {
    const me = ctx.user.id;
    await ctx.services.db.deleteFrom('user_blocks').where('blocker_id', '=', me).where('blocked_id', '=', input.peerId).execute();
    return blockStateBetween(ctx.services.db, me, input.peerId);
  });
