import type { Kysely } from 'kysely';
import { uploadUrl, type TComment, type TCommentThread, type TCommentsPage } from '@curio/shared';
import type { Database } from '../../db/schema.ts';
import { decodePageCursor, encodePageCursor } from './page-cursor.ts';

interface CommentRow {
  id: string;
  listing_id: string;
  parent_comment_id: string | null;
  user_id: string;
  content: string;
  likes_count: number;
  created_at: Date;
  updated_at: Date;
  nickname: string;
  avatar_key: string | null;
  liked_by_me: boolean;
}

function commentQuery(db: Kysely<Database>, viewerId: string | null) {
  return db
    .selectFrom('listing_comments as c')
    .innerJoin('profiles as p', 'p.user_id', 'c.user_id')
    .select([
      'c.id',
      'c.listing_id',
      'c.parent_comment_id',
      'c.user_id',
      'c.content',
      'c.likes_count',
      'c.created_at',
      'c.updated_at',
      'p.nickname',
      'p.avatar_key',
    ])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('comment_likes as l')
            .select('l.user_id')
            .whereRef('l.comment_id', '=', 'c.id')
            // a visitor has no likes: a nil user id matches no row
            .where('l.user_id', '=', viewerId ?? '00000000-0000-0000-0000-000000000000'),
        )
        .as('liked_by_me'),
    );
}

function toComment(row: CommentRow, viewerId: string | null): TComment {
  return {
    id: row.id,
    listingId: row.listing_id,
    parentId: row.parent_comment_id,
    content: row.content,
    likesCount: row.likes_count,
    likedByMe: Boolean(row.liked_by_me),
    isMine: viewerId !== null && row.user_id === viewerId,
    edited: row.updated_at.getTime() > row.created_at.getTime(),
    author: { id: row.user_id, nickname: row.nickname, avatarUrl: row.avatar_key ? uploadUrl(row.avatar_key) : null },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * One page of a listing's comments: top-level comments newest first, each with all its replies
 * oldest first (a conversation reads downwards). Replies are not paged: there is one reply level
 * and a thread stays short, so a page of threads is bounded by the page size of top-level ones.
 */
export async function loadCommentsPage(
  db: Kysely<Database>,
  input: { listingId: string; cursor?: string | null; limit: number },
  viewerId: string | null,
): Promise<TCommentsPage> {
  const after = decodePageCursor(input.cursor);
  let query = commentQuery(db, viewerId).where('c.listing_id', '=', input.listingId).where('c.parent_comment_id', 'is', null);
  if (after) {
    query = query.where((eb) =>
      eb.or([eb('c.created_at', '<', after.createdAt), eb.and([eb('c.created_at', '=', after.createdAt), eb('c.id', '<', after.id)])]),
    );
  }
  const rows = (await query
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(input.limit + 1)
    .execute()) as CommentRow[];
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  const nextCursor = rows.length > input.limit && last ? encodePageCursor({ createdAt: last.created_at, id: last.id }) : null;

  const replies =
    page.length === 0
      ? []
      : ((await commentQuery(db, viewerId)
          .where(
            'c.parent_comment_id',
            'in',
            page.map((row) => row.id),
          )
          .orderBy('c.created_at', 'asc')
          .orderBy('c.id', 'asc')
          .execute()) as CommentRow[]);

  const totalRow = await db
    .selectFrom('listing_comments')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('listing_id', '=', input.listingId)
    .executeTakeFirstOrThrow();

  const items: TCommentThread[] = page.map((row) => ({
    ...toComment(row, viewerId),
    replies: replies.filter((reply) => reply.parent_comment_id === row.id).map((reply) => toComment(reply, viewerId)),
  }));
  // count(*) is a string from pg and a number from PGlite
  return { items, nextCursor, total: Number(totalRow.n) };
}

export async function loadComment(db: Kysely<Database>, id: string, viewerId: string | null): Promise<TComment | null> {
  const row = (await commentQuery(db, viewerId).where('c.id', '=', id).executeTakeFirst()) as CommentRow | undefined;
  return row ? toComment(row, viewerId) : null;
}
