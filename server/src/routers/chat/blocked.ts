import { z } from 'zod';
import { ZBlockedMember } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { listBlockedMembers } from '../../domain/chat/blocks.ts';

/** The members the caller has blocked, most recent first, for the list where blocks are lifted. */
export const blocked = memberProcedure.output(z.array(ZBlockedMember)).query(({ ctx }) => listBlockedMembers(ctx.services.db, ctx.user.id));
