import { CHAT_LIMITS } from '@curio/shared';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { callerFor } from '../../helpers/services.ts';
import { onRealPostgres } from '../../helpers/test-db.ts';
import { expectAppError } from '../../helpers/app-errors.ts';

test.override('poolSize', 12);

let clientCounter = 0;
const clientId = () => `client-${++clientCounter}-${Date.now()}`;

describe('chat.send', () => {
  test('stores the message, moves both conversations and counts it unread for the receiver', async ({ member }) => {
    const alice = await member({ nickname: 'Alice' });
    const bob = await member({ nickname: 'Bob' });
    const { message, filtered } = await alice.api.chat.send({ peerId: bob.user.id, content: '  Is it still available?  ', clientId: clientId() });
    expect(filtered).toBe(false);
    expect(message).toMatchObject({ senderId: alice.user.id, receiverId: bob.user.id, content: 'Is it still available?', isRead: false });

    const bobList = await bob.api.chat.conversations();
    expect(bobList.items).toHaveLength(1);
    expect(bobList.items[0]).toMatchObject({ peer: { id: alice.user.id, nickname: 'Alice' }, unreadCount: 1 });
    const aliceList = await alice.api.chat.conversations();
    expect(aliceList.items[0]).toMatchObject({ peer: { id: bob.user.id }, unreadCount: 0 });
    expect(await bob.api.chat.unreadCount()).toEqual({ count: 1 });
  });

  test('empty and whitespace-only messages are refused and nothing is stored', async ({ member }) => {
    const alice = await member();
    const bob = await member();
    await expectAppError(alice.api.chat.send({ peerId: bob.user.id, content: '   ', clientId: clientId() }), 'MESSAGE_EMPTY');
    await expectAppError(alice.api.chat.send({ peerId: bob.user.id, content: '', clientId: clientId() }), 'MESSAGE_EMPTY');
    await expectAppError(
      alice.api.chat.send({ peerId: bob.user.id, content: 'x'.repeat(CHAT_LIMITS.messageMax + 1), clientId: clientId() }),
      'CONTENT_TOO_LONG',
    );
    expect((await bob.api.chat.conversations()).items).toHaveLength(0);
  });

  test('a member cannot message themselves or a user who does not exist', async ({ member }) => {
    const alice = await member();
    await expectAppError(alice.api.chat.send({ peerId: alice.user.id, content: 'hi', clientId: clientId() }), 'CANNOT_MESSAGE_SELF');
    await expectAppError(alice.api.chat.send({ peerId: '00000000-0000-4000-8000-000000000000', content: 'hi', clientId: clientId() }), 'USER_NOT_FOUND');
  });

  test('a retried send with the same client id is stored once', async ({ member }) => {
    const alice = await member();
    const bob = await member();
    const id = clientId();
    const first = await alice.api.chat.send({ peerId: bob.user.id, content: 'once', clientId: id });
    const again = await alice.api.chat.send({ peerId: bob.user.id, content: 'once', clientId: id });
    expect(again.message.id).toBe(first.message.id);
    const thread = await bob.api.chat.thread({ peerId: alice.user.id });
    expect(thread.items.map((m) => m.content)).toEqual(['once']);
  });

  test('contact details are replaced by the hidden marker; the original goes only to a violation record', async ({ db, member }) => {
    const alice = await member();
    const bob = await member();
    const content = 'call me on 13812345678 or mail me at seller@example.com';
    const { message, filtered } = await alice.api.chat.send({ peerId: bob.user.id, content, clientId: clientId() });
    expect(filtered).toBe(true);
    expect(message.content).toBe(`call me on ${CHAT_LIMITS.hiddenMarker} or mail me at ${CHAT_LIMITS.hiddenMarker}`);
    expect(message.hasViolation).toBe(true);

    const [shown] = (await bob.api.chat.thread({ peerId: alice.user.id })).items;
    expect(shown?.content).not.toContain('13812345678');
    expect(shown?.content).not.toContain('seller@example.com');
    const stored = await db.db.selectFrom('messages').select('content').where('id', '=', message.id).executeTakeFirstOrThrow();
    expect(stored.content).toBe(message.content);

    const violation = await db.db.selectFrom('message_violations').selectAll().where('message_id', '=', message.id).executeTakeFirstOrThrow();
    expect(violation).toMatchObject({
      sender_id: alice.user.id,
      receiver_id: bob.user.id,
      violation_type: 'phone',
      original_content: content,
      reviewed_at: null,
    });
    expect(violation.detected_types).toEqual(['phone', 'email']);
    expect(violation.detected_patterns).toEqual(['13812345678', 'seller@example.com']);
  });

  test('the receiver sees no part of an e-mail address: neither its local part nor its domain', async ({ db, member }) => {
    const alice = await member();
    const bob = await member();
    // the spelled "at" before the address once made "me at alex.tinker" the address and left "@example.com" on screen
    const content = 'mail me at alex.tinker@example.com';
    const { message } = await alice.api.chat.send({ peerId: bob.user.id, content, clientId: clientId() });
    expect(message.content).toBe(`mail me at ${CHAT_LIMITS.hiddenMarker}`);

    const [shown] = (await bob.api.chat.thread({ peerId: alice.user.id })).items;
    const [conversation] = (await bob.api.chat.conversations()).items;
    for (const seen of [shown?.content, conversation?.lastMessage.content]) {
      expect(seen).toBe(`mail me at ${CHAT_LIMITS.hiddenMarker}`);
      for (const part of ['alex', 'tinker', 'example', '.com', '@']) expect(seen).not.toContain(part);
    }
    const violation = await db.db.selectFrom('message_violations').selectAll().where('message_id', '=', message.id).executeTakeFirstOrThrow();
    expect(violation).toMatchObject({ violation_type: 'email', original_content: content, detected_patterns: ['alex.tinker@example.com'] });
  });

  test('an account on another app is masked and recorded as an other_app violation', async ({ db, member }) => {
    const alice = await member();
    const bob = await member();
    const content = 'faster on telegram: @lin_shop';
    const { message, filtered } = await alice.api.chat.send({ peerId: bob.user.id, content, clientId: clientId() });
    expect(filtered).toBe(true);
    expect(message.content).toBe(`faster on ${CHAT_LIMITS.hiddenMarker}`);
    const violation = await db.db.selectFrom('message_violations').selectAll().where('message_id', '=', message.id).executeTakeFirstOrThrow();
    expect(violation).toMatchObject({ violation_type: 'other_app', detected_types: ['other_app'], detected_patterns: ['telegram: @lin_shop'] });
  });

  test("a message about an order must be between that order's parties", async ({ db, member }) => {
    const alice = await member();
    const bob = await member();
    const carol = await member();
    const order = await db.db
      .insertInto('orders')
      .values({
        buyer_id: alice.user.id,
        seller_id: bob.user.id,
        title: 'Old map',
        unit_price_cents: 1000,
        quantity: 1,
        total_cents: 1000,
        status: 'paid',
        paid_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sent = await alice.api.chat.send({ peerId: bob.user.id, content: 'about my order', orderId: order.id, clientId: clientId() });
    expect(sent.message.orderId).toBe(order.id);
    expect((await bob.api.chat.conversations()).items[0]?.orderId).toBe(order.id);
    // a later message without an order keeps the conversation's order card
    await bob.api.chat.send({ peerId: alice.user.id, content: 'shipping tomorrow', clientId: clientId() });
    expect((await alice.api.chat.conversations()).items[0]?.orderId).toBe(order.id);

    await expectAppError(carol.api.chat.send({ peerId: bob.user.id, content: 'not mine', orderId: order.id, clientId: clientId() }), 'ORDER_ACCESS_DENIED');
  });
});

describe('blocking', () => {
  test('a blocked sender cannot message the blocker, and the blocker must unblock to write', async ({ db, member }) => {
    const seller = await member({ nickname: 'Seller' });
    const pest = await member({ nickname: 'Pest' });
    await pest.api.chat.send({ peerId: seller.user.id, content: 'hello?', clientId: clientId() });

    const state = await seller.api.chat.block({ userId: pest.user.id, reason: 'spam' });
    expect(state).toEqual({ blocking: true, blockedBy: false });
    expect(await pest.api.chat.peer({ peerId: seller.user.id })).toMatchObject({ blockState: { blocking: false, blockedBy: true } });

    await expectAppError(pest.api.chat.send({ peerId: seller.user.id, content: 'again', clientId: clientId() }), 'CHAT_BLOCKED_BY_PEER');
    await expectAppError(seller.api.chat.send({ peerId: pest.user.id, content: 'stop', clientId: clientId() }), 'CHAT_YOU_BLOCKED');
    const record = await db.db.selectFrom('user_blocks').selectAll().where('blocker_id', '=', seller.user.id).executeTakeFirstOrThrow();
    expect(record.reason).toBe('spam');

    expect(await seller.api.chat.unblock({ peerId: pest.user.id })).toEqual({ blocking: false, blockedBy: false });
    await pest.api.chat.send({ peerId: seller.user.id, content: 'sorry', clientId: clientId() });
    const thread = await seller.api.chat.thread({ peerId: pest.user.id });
    expect(thread.items.map((m) => m.content)).toEqual(['hello?', 'sorry']);
  });

  test('blocked both ways: neither can send, and one unblock is not enough', async ({ member }) => {
    const a = await member();
    const b = await member();
    await a.api.chat.block({ userId: b.user.id });
    await b.api.chat.block({ userId: a.user.id });
    expect(await a.api.chat.peer({ peerId: b.user.id })).toMatchObject({ blockState: { blocking: true, blockedBy: true } });
    await expectAppError(a.api.chat.send({ peerId: b.user.id, content: 'x', clientId: clientId() }), 'CHAT_BLOCKED_BY_PEER');
    await expectAppError(b.api.chat.send({ peerId: a.user.id, content: 'x', clientId: clientId() }), 'CHAT_BLOCKED_BY_PEER');
    await a.api.chat.unblock({ peerId: b.user.id });
    await expectAppError(a.api.chat.send({ peerId: b.user.id, content: 'x', clientId: clientId() }), 'CHAT_BLOCKED_BY_PEER');
    await expectAppError(b.api.chat.send({ peerId: a.user.id, content: 'x', clientId: clientId() }), 'CHAT_YOU_BLOCKED');
  });

  test('blocking oneself is refused; blocking twice keeps one record', async ({ db, member }) => {
    const a = await member();
    const b = await member();
    await expectAppError(a.api.chat.block({ userId: a.user.id }), 'CANNOT_BLOCK_SELF');
    await a.api.chat.block({ userId: b.user.id, reason: 'first' });
    await a.api.chat.block({ userId: b.user.id, reason: 'second' });
    const rows = await db.db.selectFrom('user_blocks').selectAll().where('blocker_id', '=', a.user.id).execute();
    expect(rows.map((r) => r.reason)).toEqual(['first']);
  });

  test('a member sees whom they blocked, newest first, and only their own blocks', async ({ services, member }) => {
    const a = await member({ nickname: 'Blocker' });
    const first = await member({ nickname: 'First pest' });
    const second = await member({ nickname: 'Second pest' });
    const other = await member();
    await a.api.chat.block({ userId: first.user.id, reason: 'spam' });
    services.clock.advance(1_000);
    await a.api.chat.block({ userId: second.user.id });
    await other.api.chat.block({ userId: a.user.id, reason: 'not mine to see' });

    const list = await a.api.chat.blocked();
    expect(list.map((row) => [row.nickname, row.reason])).toEqual([
      ['Second pest', null],
      ['First pest', 'spam'],
    ]);
    expect(list[0]).toMatchObject({ id: second.user.id, avatarUrl: null });
    // who blocked a member is not theirs to read
    expect(await first.api.chat.blocked()).toEqual([]);

    await a.api.chat.unblock({ peerId: second.user.id });
    expect((await a.api.chat.blocked()).map((row) => row.id)).toEqual([first.user.id]);
    await expectAppError((await callerFor(services)).chat.blocked(), 'LOGIN_REQUIRED');
  });

  test('both sides of a thread hear a block and an unblock live (chat.onBlockState)', async ({ member }) => {
    const seller = await member();
    const pest = await member();
    const stream = (api: typeof seller.api, peerId: string) => api.chat.onBlockState({ peerId }).then((iterable) => iterable[Symbol.asyncIterator]());
    const pestSide = await stream(pest.api, seller.user.id);
    const sellerSide = await stream(seller.api, pest.user.id);
    try {
      // a direct caller gets tRPC's tracked envelope: [id, data, marker]
      const next = async (side: typeof pestSide) => ((await side.next()).value as unknown as [string, unknown])[1];
      expect(await next(pestSide)).toEqual({ blocking: false, blockedBy: false });
      expect(await next(sellerSide)).toEqual({ blocking: false, blockedBy: false });

      await seller.api.chat.block({ userId: pest.user.id, reason: 'spam' });
      // the blocked member's open thread learns it without sending anything
      expect(await next(pestSide)).toEqual({ blocking: false, blockedBy: true });
      expect(await next(sellerSide)).toEqual({ blocking: true, blockedBy: false });

      await seller.api.chat.unblock({ peerId: pest.user.id });
      expect(await next(pestSide)).toEqual({ blocking: false, blockedBy: false });
      expect(await next(sellerSide)).toEqual({ blocking: false, blockedBy: false });
    } finally {
      await pestSide.return?.();
      await sellerSide.return?.();
    }
  });
});

describe('threads and read marking', () => {
  test('history pages backwards by seq and each page reads oldest first', async ({ member }) => {
    const a = await member();
    const b = await member();
    const total = CHAT_LIMITS.threadPageSize + 5;
    for (let i = 1; i <= total; i++) {
      const sender = i % 2 ? a : b;
      const receiver = i % 2 ? b : a;
      await sender.api.chat.send({ peerId: receiver.user.id, content: `m${i}`, clientId: clientId() });
    }
    const first = await a.api.chat.thread({ peerId: b.user.id });
    expect(first.items).toHaveLength(CHAT_LIMITS.threadPageSize);
    expect(first.items.at(-1)?.content).toBe(`m${total}`);
    expect(first.nextBeforeSeq).not.toBeNull();
    const older = await a.api.chat.thread({ peerId: b.user.id, beforeSeq: first.nextBeforeSeq });
    expect(older.items.map((m) => m.content)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(older.nextBeforeSeq).toBeNull();
  });

  test('markRead clears only what that peer sent to the reader', async ({ member }) => {
    const reader = await member();
    const p1 = await member();
    const p2 = await member();
    await p1.api.chat.send({ peerId: reader.user.id, content: 'one', clientId: clientId() });
    await p1.api.chat.send({ peerId: reader.user.id, content: 'two', clientId: clientId() });
    await p2.api.chat.send({ peerId: reader.user.id, content: 'three', clientId: clientId() });
    expect(await reader.api.chat.unreadCount()).toEqual({ count: 3 });
    expect(await reader.api.chat.markRead({ peerId: p1.user.id })).toEqual({ updated: 2 });
    expect(await reader.api.chat.unreadCount()).toEqual({ count: 1 });
    // marking as read what one sent oneself changes nothing
    expect(await p1.api.chat.markRead({ peerId: reader.user.id })).toEqual({ updated: 0 });
  });

  test('the conversation list is newest first and says who is an admin', async ({ db, services, member }) => {
    const me = await member();
    const older = await member({ nickname: 'Older' });
    const newer = await member({ nickname: 'Newer' });
    await db.db.insertInto('user_roles').values({ user_id: newer.user.id, role: 'admin' }).execute();
    await older.api.chat.send({ peerId: me.user.id, content: 'first', clientId: clientId() });
    services.clock.advance(1000);
    await newer.api.chat.send({ peerId: me.user.id, content: 'second', clientId: clientId() });
    const list = await me.api.chat.conversations();
    expect(list.items.map((c) => [c.peer.nickname, c.peer.isAdmin, c.lastMessage.content])).toEqual([
      ['Newer', true, 'second'],
      ['Older', false, 'first'],
    ]);
  });
});

describe.skipIf(!onRealPostgres())('concurrent sends (real PostgreSQL)', () => {
  test('seq order equals commit order for each member: 40 parallel sends into one inbox', async ({ db, member }) => {
    const inbox = await member();
    const senders = await Promise.all(Array.from({ length: 8 }, () => member()));
    await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const sender = senders[i % senders.length]!;
        return sender.api.chat.send({ peerId: inbox.user.id, content: `p${i}`, clientId: `parallel-${i}-${inbox.user.id}` });
      }),
    );
    const rows = await db.db.selectFrom('messages').select(['seq', 'created_at']).where('receiver_id', '=', inbox.user.id).orderBy('seq').execute();
    expect(rows).toHaveLength(40);
    expect(await inbox.api.chat.unreadCount()).toEqual({ count: 40 });
  });
});
