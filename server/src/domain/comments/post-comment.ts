import type { z } from 'zod';
import { randomUUID } from 'node:crypto';
import type { ZComment, ZCreateCommentInput } from '@curio/shared';
import { COMMENT_LIMITS } from '@curio/shared';
import { DomainError } from '../domain-error.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { cleanUserText } from './content.ts';
import { loadComment } from './read.ts';
import type { AppServices } from '../../app-services.ts';

/**
 * Comment on a listing, or reply to a top-level comment (rule S-15). One reply level: a reply's
 * parent must itself be top-level and on the same listing, so threads never nest deeper than
 * the screen can show. The parent is locked while the reply is written, so a reply cannot land
 * under a comment its author is deleting at the same moment.
 */
export async function postComment(services: AppServices, memberId: string, input: z.output<typeof ZCreateCommentInput>): Promise<z.output<typeof ZComment>> {
  const content = cleanUserText(input.content, COMMENT_LIMITS.contentMax);
  const userId = memberId;
  const id = randomUUID();
  const now = services.clock.now();
  await runInTransaction(services.db, async (trx) => {
    const listing = await trx.selectFrom('listings').select(['id', 'status', 'seller_id']).where('id', '=', input.listingId).executeTakeFirst();
    // a taken-down listing is hidden from everyone but its owner (listings.get), so it takes no comments either
    if (!listing || (listing.status === 'unavailable' && listing.seller_id !== userId)) {
      throw new DomainError('LISTING_NOT_FOUND');
    }
    if (input.parentId) {
      const parent = await trx
        .selectFrom('listing_comments')
        .select(['listing_id', 'parent_comment_id'])
        .where('id', '=', input.parentId)
        .forShare()
        .executeTakeFirst();
      if (!parent) throw new DomainError('COMMENT_NOT_FOUND');
      if (parent.parent_comment_id !== null || parent.listing_id !== listing.id) throw new DomainError('COMMENT_REPLY_DEPTH');
    }
    await trx
      .insertInto('listing_comments')
      .values({
        id,
        listing_id: listing.id,
        user_id: userId,
        parent_comment_id: input.parentId ?? null,
        content,
        created_at: now,
        updated_at: now,
      })
      .execute();
  });
  const comment = await loadComment(services.db, id, userId);
  if (!comment) throw new DomainError('COMMENT_NOT_FOUND');
  return comment;
}
