import { ZMyFollowing } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { followedMembers } from '../../../domain/social/my-following.ts';

/** The profile's following tab: the users the caller follows, most recently followed first. */
export const myFollowing = memberProcedure.output(ZMyFollowing).query(({ ctx }) => followedMembers(ctx.services, ctx.user.id));
