import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { RATE_LIMITS, type RateLimitName } from '../../server/src/rate-limits/budgets.ts';
import { recordRateLimitHit } from '../../server/src/rate-limits/rate-limiter.ts';
import { createSession } from '../../server/src/domain/accounts/sessions.ts';
import { describe, expect, test } from '../helpers/fixtures.ts';
import type { TestServices, Caller } from '../helpers/services.ts';
import { appCodeOf } from '../helpers/app-errors.ts';
import { expectAppError } from '../helpers/app-errors.ts';

/**
 * Per-member budgets on what fills other members' screens and the moderators' queues (ADR
 * 0025): chat messages, listings, buying requests, reports and complaints, uploads. A spent
 * budget answers RATE_LIMITED with the seconds left, before the input is even read, and the
 * next window opens it again. Other members are not affected.
 */
async function spend(services: TestServices, name: RateLimitName, memberId: string): Promise<void> {
  for (let i = 0; i < RATE_LIMITS[name].points; i++) await recordRateLimitHit(services, name, memberId);
}

test('one chat message over the budget within a minute is refused, and the next minute it goes', async ({ services, member }) => {
  const sender = await member();
  const peer = await member();
  const send = () => sender.api.chat.send({ peerId: peer.id, content: 'hello again', clientId: randomUUID() });
  for (let i = 0; i < RATE_LIMITS.chatMessagesPerMember.points; i++) await send();
  const { data } = await expectAppError(send(), 'RATE_LIMITED');
  expect(Number(data.params?.seconds)).toBeGreaterThan(0);
  expect(Number(data.params?.seconds)).toBeLessThanOrEqual(60);
  const stored = await services.db.selectFrom('messages').select('id').where('sender_id', '=', sender.id).execute();
  expect(stored).toHaveLength(RATE_LIMITS.chatMessagesPerMember.points);
  // the peer answering is another member's budget
  await peer.api.chat.send({ peerId: sender.id, content: 'hi', clientId: randomUUID() });
  services.clock.advance(60_000);
  await send();
});

describe.each([
  { name: 'listingsPerMember', call: (api: Caller) => api.marketplace.listings.create({} as never) },
  { name: 'buyingRequestsPerMember', call: (api: Caller) => api.marketplace.buyingRequests.create({} as never) },
  { name: 'reportsPerMember', call: (api: Caller) => api.marketplace.listings.report({} as never) },
  { name: 'reportsPerMember', call: (api: Caller) => api.marketplace.buyingRequests.report({} as never) },
  { name: 'reportsPerMember', call: (api: Caller) => api.orders.complain({} as never) },
] as const)('$name', ({ name, call }) => {
  test('a spent budget refuses the call before its input is read; a fresh member is not affected', async ({ services, member }) => {
    const spender = await member();
    const other = await member();
    await spend(services, name, spender.id);
    const { data } = await expectAppError(call(spender.api), 'RATE_LIMITED');
    expect(Number(data.params?.seconds)).toBeGreaterThan(0);
    // the other member gets past the limit to input validation: the budget is the member's own
    const outcome = await call(other.api).then(
      () => 'ok',
      (error: unknown) => appCodeOf(error),
    );
    expect(outcome).not.toBe('RATE_LIMITED');
    expect(outcome).not.toBe('ok');
  });
});

describe('uploads', () => {
  test('one image over the budget within a minute answers 429 RATE_LIMITED', async ({ server, services, member }) => {
    const uploader = await member();
    const session = await createSession(services.db, services.clock, uploader.id);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c0ffee' } })
      .png()
      .toBuffer();
    const upload = async () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'dot.png');
      const response = await fetch(`${server.url}/api/uploads?purpose=listing`, {
        method: 'POST',
        body: form,
        headers: { cookie: `curio_session=${session.token}` },
      });
      return { status: response.status, body: (await response.json()) as { error?: { code: string; params?: { seconds?: number } } } };
    };
    expect((await upload()).status).toBe(201);
    for (let i = 1; i < RATE_LIMITS.uploadsPerMember.points; i++) await recordRateLimitHit(server.services, 'uploadsPerMember', uploader.id);
    const refused = await upload();
    expect(refused.status).toBe(429);
    expect(refused.body.error?.code).toBe('RATE_LIMITED');
    expect(refused.body.error?.params?.seconds).toBeGreaterThan(0);
  });
});
