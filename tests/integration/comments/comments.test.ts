import { randomUUID } from 'node:crypto';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { callerFor, type TestServices } from '../../helpers/services.ts';
import { NEEDS_POSTGRES, onRealPostgres, type TestDatabase } from '../../helpers/test-db.ts';
import { member, publishedListing } from '../reviews/fixtures.ts';
import { expectAppError } from '../../helpers/app-errors.ts';

test.override('poolSize', 12);

let db: TestDatabase, services: TestServices;

test.beforeAll(({ db: fileDb, services: fileServices }) => {
  db = fileDb;
  services = fileServices;
  if (!onRealPostgres()) console.warn(`[comments races] skipped: ${NEEDS_POSTGRES}`);
});

async function listingWithSeller() {
  const seller = await member(services, { nickname: 'Seller' });
  const listingId = await publishedListing(services, seller.user.id);
  return { seller, listingId };
}

async function commentRows(listingId: string) {
  return db.db.selectFrom('listing_comments').select(['id', 'content', 'parent_comment_id']).where('listing_id', '=', listingId).execute();
}

async function likeRows(commentId: string): Promise<number> {
  const rows = await db.db.selectFrom('comment_likes').select('user_id').where('comment_id', '=', commentId).execute();
  return rows.length;
}

async function likesCount(commentId: string): Promise<number> {
  const row = await db.db.selectFrom('listing_comments').select('likes_count').where('id', '=', commentId).executeTakeFirstOrThrow();
  return row.likes_count;
}

describe('marketplace.comments.create', () => {
  test('a member comments; the comment comes back with author and flags', async () => {
    const { listingId } = await listingWithSeller();
    const alice = await member(services, { nickname: 'Alice' });
    const comment = await alice.api.marketplace.comments.create({ listingId, content: '  Is the linen thread waxed?  ' });
    expect(comment).toMatchObject({
      listingId,
      parentId: null,
      content: 'Is the linen thread waxed?',
      likesCount: 0,
      likedByMe: false,
      isMine: true,
      edited: false,
      author: { id: alice.user.id, nickname: 'Alice', avatarUrl: null },
    });
  });

  test('sanitised before saving: tags, comments and bidi overrides are stripped; control characters are refused', async () => {
    const { listingId } = await listingWithSeller();
    const alice = await member(services);
    const comment = await alice.api.marketplace.comments.create({
      listingId,
      content: '<img src=x onerror=alert(1)>Nice<!-- hidden -->\u202E price!\r\n\r\n\r\n\r\nReally <3',
    });
    expect(comment.content).toBe('Nice price!\n\nReally <3');
    await expectAppError(alice.api.marketplace.comments.create({ listingId, content: 'Nice\u0000 price' }), 'TEXT_CONTROL_CHARACTER');
  });

  test.each([
    ['empty', ''],
    ['blank', '   \n '],
    ['markup only', '<div></div>'],
  ])('CONTENT_REQUIRED for %s content, nothing written', async (_name, content) => {
    const { listingId } = await listingWithSeller();
    const alice = await member(services);
    await expectAppError(alice.api.marketplace.comments.create({ listingId, content }), 'CONTENT_REQUIRED');
    expect(await commentRows(listingId)).toHaveLength(0);
  });

  test('CONTENT_TOO_LONG {max: 1000} above 1000 characters; 1000 is fine', async () => {
    const { listingId } = await listingWithSeller();
    const alice = await member(services);
    const { data } = await expectAppError(alice.api.marketplace.comments.create({ listingId, content: 'x'.repeat(1001) }), 'CONTENT_TOO_LONG');
    expect(data.params).toMatchObject({ max: 1000 });
    await alice.api.marketplace.comments.create({ listingId, content: 'x'.repeat(1000) });
    expect(await commentRows(listingId)).toHaveLength(1);
  });

  test('CONTACT_INFO_DETECTED names the field, nothing written', async () => {
    const { listingId } = await listingWithSeller();
    const alice = await member(services);
    const { data } = await expectAppError(
      alice.api.marketplace.comments.create({ listingId, content: 'cheaper if you mail me: bob@example.com' }),
      'CONTACT_INFO_DETECTED',
    );
    expect(data.params).toMatchObject({ fields: 'content' });
    expect(await commentRows(listingId)).toHaveLength(0);
  });

  test('login required; an unknown listing is LISTING_NOT_FOUND', async () => {
    const { listingId } = await listingWithSeller();
    const visitor = await callerFor(services);
    await expectAppError(visitor.marketplace.comments.create({ listingId, content: 'hello' }), 'LOGIN_REQUIRED');
    const alice = await member(services);
    await expectAppError(alice.api.marketplace.comments.create({ listingId: randomUUID(), content: 'hello' }), 'LISTING_NOT_FOUND');
  });

  test('one reply level: replying to a reply, or across listings, is COMMENT_REPLY_DEPTH', async () => {
    const { listingId } = await listingWithSeller();
    const other = await listingWithSeller();
    const alice = await member(services, { nickname: 'Alice' });
    const bob = await member(services, { nickname: 'Bob' });
    const top = await alice.api.marketplace.comments.create({ listingId, content: 'Question' });
    const reply = await bob.api.marketplace.comments.create({ listingId, content: 'Answer', parentId: top.id });
    expect(reply.parentId).toBe(top.id);
    await expectAppError(alice.api.marketplace.comments.create({ listingId, content: 'Deeper', parentId: reply.id }), 'COMMENT_REPLY_DEPTH');
    await expectAppError(alice.api.marketplace.comments.create({ listingId: other.listingId, content: 'Elsewhere', parentId: top.id }), 'COMMENT_REPLY_DEPTH');
    await expectAppError(alice.api.marketplace.comments.create({ listingId, content: 'Ghost', parentId: randomUUID() }), 'COMMENT_NOT_FOUND');
    expect(await commentRows(listingId)).toHaveLength(2);
  });
});

describe('marketplace.comments.list', () => {
  test('top-level newest first, replies oldest first, likes and flags per viewer, paged', async () => {
    const { listingId } = await listingWithSeller();
    const alice = await member(services, { nickname: 'Alice' });
    const bob = await member(services, { nickname: 'Bob' });
    const tops = [];
    for (let index = 0; index < 3; index += 1) {
      services.clock.advance(1000);
      tops.push(await alice.api.marketplace.comments.create({ listingId, content: `top ${index}` }));
    }
    services.clock.advance(1000);
    await bob.api.marketplace.comments.create({ listingId, content: 'reply a', parentId: tops[0]!.id });
    services.clock.advance(1000);
    await alice.api.marketplace.comments.create({ listingId, content: 'reply b', parentId: tops[0]!.id });
    await bob.api.marketplace.comments.toggleLike({ commentId: tops[0]!.id });

    const asBob = await bob.api.marketplace.comments.list({ listingId, limit: 2 });
    expect(asBob.total).toBe(5);
    expect(asBob.items.map((item) => item.content)).toEqual(['top 2', 'top 1']);
    expect(asBob.items[0]).toMatchObject({ isMine: false, replies: [] });
    const next = await bob.api.marketplace.comments.list({ listingId, limit: 2, cursor: asBob.nextCursor });
    expect(next.nextCursor).toBeNull();
    expect(next.items).toHaveLength(1);
    expect(next.items[0]).toMatchObject({ content: 'top 0', likesCount: 1, likedByMe: true, isMine: false });
    expect(next.items[0]!.replies.map((reply) => [reply.content, reply.isMine])).toEqual([
      ['reply a', true],
      ['reply b', false],
    ]);

    const visitor = await callerFor(services);
    const asVisitor = await visitor.marketplace.comments.list({ listingId, limit: 10 });
    expect(asVisitor.items.map((item) => item.content)).toEqual(['top 2', 'top 1', 'top 0']);
    expect(asVisitor.items[2]).toMatchObject({ likesCount: 1, likedByMe: false, isMine: false });
  });

  test('a forged cursor is VALIDATION_FAILED', async () => {
    const { listingId } = await listingWithSeller();
    await expectAppError((await callerFor(services)).marketplace.comments.list({ listingId, cursor: 'garbage' }), 'VALIDATION_FAILED');
  });
});

describe('marketplace.comments.update and delete', () => {
  test('the author edits (edited flag, same rules); others are FORBIDDEN', async () => {
    const { listingId, seller } = await listingWithSeller();
    const alice = await member(services);
    const comment = await alice.api.marketplace.comments.create({ listingId, content: 'first' });
    services.clock.advance(5000);
    const edited = await alice.api.marketplace.comments.update({ commentId: comment.id, content: '<i>second</i>' });
    expect(edited).toMatchObject({ content: 'second', edited: true });
    await expectAppError(alice.api.marketplace.comments.update({ commentId: comment.id, content: '' }), 'CONTENT_REQUIRED');
    await expectAppError(alice.api.marketplace.comments.update({ commentId: comment.id, content: 'y'.repeat(1001) }), 'CONTENT_TOO_LONG');
    await expectAppError(alice.api.marketplace.comments.update({ commentId: comment.id, content: 'qq 12345678' }), 'CONTACT_INFO_DETECTED');
    await expectAppError(seller.api.marketplace.comments.update({ commentId: comment.id, content: 'mine now' }), 'FORBIDDEN');
    await expectAppError(seller.api.marketplace.comments.delete({ commentId: comment.id }), 'FORBIDDEN');
    await expectAppError(alice.api.marketplace.comments.update({ commentId: randomUUID(), content: 'x' }), 'COMMENT_NOT_FOUND');
    await expectAppError(alice.api.marketplace.comments.delete({ commentId: randomUUID() }), 'COMMENT_NOT_FOUND');
    expect((await commentRows(listingId)).map((row) => row.content)).toEqual(['second']);
  });

  test('deleting a comment removes its replies and likes; deleting a reply leaves the parent', async () => {
    const { listingId } = await listingWithSeller();
    const alice = await member(services);
    const bob = await member(services);
    const top = await alice.api.marketplace.comments.create({ listingId, content: 'top' });
    const reply = await bob.api.marketplace.comments.create({ listingId, content: 'reply', parentId: top.id });
    const reply2 = await bob.api.marketplace.comments.create({ listingId, content: 'reply 2', parentId: top.id });
    await bob.api.marketplace.comments.toggleLike({ commentId: top.id });
    expect(await bob.api.marketplace.comments.delete({ commentId: reply2.id })).toEqual({ deleted: true });
    expect(await commentRows(listingId)).toHaveLength(2);
    await alice.api.marketplace.comments.delete({ commentId: top.id });
    expect(await commentRows(listingId)).toHaveLength(0);
    expect(await likeRows(top.id)).toBe(0);
    await expectAppError(bob.api.marketplace.comments.update({ commentId: reply.id, content: 'x' }), 'COMMENT_NOT_FOUND');
  });
});

describe('marketplace.comments.toggleLike', () => {
  test('likes and unlikes; the count follows; login required', async () => {
    const { listingId } = await listingWithSeller();
    const alice = await member(services);
    const bob = await member(services);
    const comment = await alice.api.marketplace.comments.create({ listingId, content: 'like me' });
    expect(await bob.api.marketplace.comments.toggleLike({ commentId: comment.id })).toEqual({ liked: true, likesCount: 1 });
    expect(await alice.api.marketplace.comments.toggleLike({ commentId: comment.id })).toEqual({ liked: true, likesCount: 2 });
    expect(await bob.api.marketplace.comments.toggleLike({ commentId: comment.id })).toEqual({ liked: false, likesCount: 1 });
    await expectAppError((await callerFor(services)).marketplace.comments.toggleLike({ commentId: comment.id }), 'LOGIN_REQUIRED');
    await expectAppError(bob.api.marketplace.comments.toggleLike({ commentId: randomUUID() }), 'COMMENT_NOT_FOUND');
    // a like is not an edit
    expect((await alice.api.marketplace.comments.list({ listingId })).items[0]).toMatchObject({ edited: false, likesCount: 1 });
  });

  test.skipIf(!onRealPostgres())('20 members toggling in parallel, some twice: likes_count equals the rows', async () => {
    const { listingId } = await listingWithSeller();
    const author = await member(services);
    const comment = await author.api.marketplace.comments.create({ listingId, content: 'race me' });
    const members = await Promise.all(Array.from({ length: 20 }, () => member(services)));
    // the first 8 toggle twice (like then unlike, in whatever order the database serialises them)
    const calls = [...members, ...members.slice(0, 8)].map((someone) => someone.api.marketplace.comments.toggleLike({ commentId: comment.id }));
    const results = await Promise.all(calls);
    expect(results.every((result) => result.likesCount >= 0)).toBe(true);
    expect(await likeRows(comment.id)).toBe(12);
    expect(await likesCount(comment.id)).toBe(12);
    // and once more, everyone at once: the 12 likers unlike, the 8 others like
    await Promise.all(members.map((someone) => someone.api.marketplace.comments.toggleLike({ commentId: comment.id })));
    expect(await likeRows(comment.id)).toBe(8);
    expect(await likesCount(comment.id)).toBe(8);
  });
});
