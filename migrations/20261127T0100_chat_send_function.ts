import { sql, type Kysely } from 'kysely';

/**
 * A chat send in one round trip (ADR 0037). chat_send runs every step of
 * server/src/domain/chat/send-message.ts inside the database: both parties' advisory locks in a
 * fixed order (ADR 0017), the retry by client id, the checks of rules C-9 and of the order or
 * listing, the insert, the violation record (rule C-7; the masking itself is done by the server),
 * both conversation rows, and the 'messages-changed' NOTIFY of each party carrying the stored
 * message and that party's previous seq. It is VOLATILE, so in READ COMMITTED every statement after
 * the locks sees everything committed before they were granted: the highest seq it finds for a
 * party is that party's previous message. A refusal writes nothing and is answered as `outcome`.
 * With `p_notify` false it sends nothing and returns the payloads instead, for a bus that does
 * not hear NOTIFY (the server publishes them after the commit).
 */
const STATEMENTS = [
  `CREATE FUNCTION chat_send(
     p_sender uuid,
     p_peer uuid,
     p_client_id text,
     p_content text,
     p_order_id uuid,
     p_listing_id uuid,
     p_created_at timestamptz,
     p_violation jsonb,
     p_sent_at bigint,
     p_notify boolean
   ) RETURNS TABLE (outcome text, message jsonb, payloads text[])
   LANGUAGE plpgsql VOLATILE AS $$
   DECLARE
     r messages%ROWTYPE;
     prev_sender bigint;
     prev_peer bigint;
     payload text;
     party record;
   BEGIN
     payloads := ARRAY[]::text[];
     PERFORM pg_advisory_xact_lock(hashtextextended('chat:' || least(p_sender, p_peer)::text, 0));
     PERFORM pg_advisory_xact_lock(hashtextextended('chat:' || greatest(p_sender, p_peer)::text, 0));

     SELECT * INTO r FROM messages m WHERE m.sender_id = p_sender AND m.client_id = p_client_id;
     IF NOT FOUND THEN
       IF NOT EXISTS (SELECT 1 FROM users u WHERE u.id = p_peer) THEN
         outcome := 'USER_NOT_FOUND'; RETURN NEXT; RETURN;
       END IF;
       IF EXISTS (SELECT 1 FROM user_blocks b WHERE b.blocker_id = p_peer AND b.blocked_id = p_sender) THEN
         outcome := 'CHAT_BLOCKED_BY_PEER'; RETURN NEXT; RETURN;
       END IF;
       IF EXISTS (SELECT 1 FROM user_blocks b WHERE b.blocker_id = p_sender AND b.blocked_id = p_peer) THEN
         outcome := 'CHAT_YOU_BLOCKED'; RETURN NEXT; RETURN;
       END IF;
       IF p_order_id IS NOT NULL AND NOT EXISTS (
         SELECT 1 FROM orders o WHERE o.id = p_order_id
           AND ((o.buyer_id = p_sender AND o.seller_id = p_peer) OR (o.buyer_id = p_peer AND o.seller_id = p_sender))
       ) THEN
         outcome := 'ORDER_ACCESS_DENIED'; RETURN NEXT; RETURN;
       END IF;
       IF p_listing_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM listings l WHERE l.id = p_listing_id) THEN
         outcome := 'LISTING_NOT_FOUND'; RETURN NEXT; RETURN;
       END IF;

       prev_sender := GREATEST(
         (SELECT max(m.seq) FROM messages m WHERE m.sender_id = p_sender),
         (SELECT max(m.seq) FROM messages m WHERE m.receiver_id = p_sender), 0);
       prev_peer := GREATEST(
         (SELECT max(m.seq) FROM messages m WHERE m.sender_id = p_peer),
         (SELECT max(m.seq) FROM messages m WHERE m.receiver_id = p_peer), 0);

       INSERT INTO messages (sender_id, receiver_id, content, has_violation, order_id, listing_id, client_id, created_at)
       VALUES (p_sender, p_peer, p_content, p_violation IS NOT NULL, p_order_id, p_listing_id, p_client_id, p_created_at)
       RETURNING * INTO r;

       IF p_violation IS NOT NULL THEN
         INSERT INTO message_violations
           (message_id, sender_id, receiver_id, violation_type, detected_types, original_content, detected_patterns, created_at)
         VALUES (
           r.id, p_sender, p_peer, p_violation->>'violationType',
           ARRAY(SELECT jsonb_array_elements_text(p_violation->'detectedTypes')),
           p_violation->>'originalContent',
           ARRAY(SELECT jsonb_array_elements_text(p_violation->'detectedPatterns')),
           p_created_at);
       END IF;

       INSERT INTO conversations AS c (user_id, peer_id, last_message_id, last_message_at, order_id)
       VALUES (p_sender, p_peer, r.id, r.created_at, p_order_id), (p_peer, p_sender, r.id, r.created_at, p_order_id)
       ON CONFLICT (user_id, peer_id) DO UPDATE SET
         last_message_id = EXCLUDED.last_message_id,
         last_message_at = EXCLUDED.last_message_at,
         -- a message without an order keeps the card of the order the conversation was about
         order_id = COALESCE(EXCLUDED.order_id, c.order_id);
     END IF;

     message := jsonb_build_object(
       'id', r.id, 'seq', r.seq, 'senderId', r.sender_id, 'receiverId', r.receiver_id, 'content', r.content,
       'hasViolation', r.has_violation, 'isRead', r.is_read, 'orderId', r.order_id, 'listingId', r.listing_id,
       'createdAt', r.created_at);
     IF prev_sender IS NULL THEN
       -- a retry: the stored message, and nothing is announced again
       outcome := 'existing'; RETURN NEXT; RETURN;
     END IF;

     FOR party IN SELECT * FROM (VALUES (p_sender, prev_sender), (p_peer, prev_peer)) AS t (user_id, prev_seq) LOOP
       payload := jsonb_build_object('type', 'messages-changed', 'userId', party.user_id, 'message', message,
         'prevSeq', party.prev_seq, 'sentAt', p_sent_at)::text;
       -- PostgreSQL refuses payloads of 8000 bytes or more: a long message travels as ids only and is re-read
       IF octet_length(payload) > 7999 THEN
         payload := jsonb_build_object('type', 'messages-changed', 'userId', party.user_id, 'sentAt', p_sent_at)::text;
       END IF;
       IF p_notify THEN
         PERFORM pg_notify('curio_events', payload);
       ELSE
         payloads := payloads || payload;
       END IF;
     END LOOP;
     outcome := 'sent'; RETURN NEXT;
   END
   $$`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore from a backup instead');
}
