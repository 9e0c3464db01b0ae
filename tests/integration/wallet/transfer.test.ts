import { describe, expect, test } from '../../helpers/fixtures.ts';
import { callerFor, type TestServices } from '../../helpers/services.ts';
import { member } from '../../helpers/world.ts';
import { countRows, expectCleanLedger, failure, key, usdnOf } from './support.ts';

async function pair(services: TestServices, senderCents: number) {
  const sender = await member(services, { nickname: 'Sender', usdnCents: senderCents });
  const recipient = await member(services, { nickname: 'Recipient' });
  return { sender: sender.user, recipient: recipient.user, caller: sender.api, recipientCaller: recipient.api };
}

describe('wallet.transfer', () => {
  test('moves whole USDN fee-free to the member with that e-mail, notifies them and lists it for both', async ({ db, services }) => {
    const { sender, recipient, caller, recipientCaller } = await pair(services, 5000);
    const result = await caller.wallet.transfer({ email: `  ${recipient.email.toUpperCase()} `, amount: 30, notes: ' for the lamp ', idempotencyKey: key() });
    expect(result.amountCents).toBe(3000);
    expect(await usdnOf(db.db, sender.id)).toEqual({ available: 2000, held: 0 });
    expect(await usdnOf(db.db, recipient.id)).toEqual({ available: 3000, held: 0 });
    const transfer = await db.db.selectFrom('ledger_transfers').selectAll().where('reference_id', '=', result.id).executeTakeFirstOrThrow();
    expect(transfer).toMatchObject({ kind: 'transfer', reference_type: 'usdn_transfer', amount: 3000 });
    const row = await db.db.selectFrom('usdn_transfers').selectAll().where('id', '=', result.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ from_user_id: sender.id, to_user_id: recipient.id, to_user_email: recipient.email, notes: 'for the lamp' });
    const note = await db.db.selectFrom('notifications').selectAll().where('user_id', '=', recipient.id).executeTakeFirstOrThrow();
    expect(note).toMatchObject({ type: 'transfer_received', link: '/transfer' });
    expect(note.params).toMatchObject({ amount: '30.00', nickname: 'Sender' });

    expect(await caller.wallet.transfers()).toEqual([
      expect.objectContaining({ direction: 'sent', counterparty: recipient.email, amountCents: 3000, notes: 'for the lamp' }),
    ]);
    // the recipient sees the sender's nickname, never their e-mail address
    expect(await recipientCaller.wallet.transfers()).toEqual([expect.objectContaining({ direction: 'received', counterparty: 'Sender', amountCents: 3000 })]);
    await expectCleanLedger(db.db);
  });

  test('missing e-mail or amount -> FIELDS_REQUIRED', async ({ services }) => {
    const { recipient, caller } = await pair(services, 5000);
    expect((await failure(caller.wallet.transfer({ email: '  ', amount: 5, idempotencyKey: key() }))).code).toBe('FIELDS_REQUIRED');
    expect((await failure(caller.wallet.transfer({ email: recipient.email, amount: null, idempotencyKey: key() }))).code).toBe('FIELDS_REQUIRED');
  });

  test('zero or negative -> INVALID_AMOUNT, a fraction -> AMOUNT_NOT_WHOLE', async ({ db, services }) => {
    const { sender, recipient, caller } = await pair(services, 5000);
    expect((await failure(caller.wallet.transfer({ email: recipient.email, amount: 0, idempotencyKey: key() }))).code).toBe('INVALID_AMOUNT');
    expect((await failure(caller.wallet.transfer({ email: recipient.email, amount: -3, idempotencyKey: key() }))).code).toBe('INVALID_AMOUNT');
    expect((await failure(caller.wallet.transfer({ email: recipient.email, amount: 1.5, idempotencyKey: key() }))).code).toBe('AMOUNT_NOT_WHOLE');
    expect(await usdnOf(db.db, sender.id)).toEqual({ available: 5000, held: 0 });
  });

  test('unknown e-mail -> TRANSFER_RECIPIENT_NOT_FOUND, own e-mail -> TRANSFER_TO_SELF', async ({ db, services }) => {
    const { sender, caller } = await pair(services, 5000);
    expect((await failure(caller.wallet.transfer({ email: 'nobody@example.test', amount: 5, idempotencyKey: key() }))).code).toBe(
      'TRANSFER_RECIPIENT_NOT_FOUND',
    );
    expect((await failure(caller.wallet.transfer({ email: sender.email, amount: 5, idempotencyKey: key() }))).code).toBe('TRANSFER_TO_SELF');
    expect(await usdnOf(db.db, sender.id)).toEqual({ available: 5000, held: 0 });
  });

  test('over the available balance -> INSUFFICIENT_BALANCE and no transfer row', async ({ db, services }) => {
    const { sender, recipient, caller } = await pair(services, 999);
    const before = await countRows(db.db, 'usdn_transfers');
    const outcome = await failure(caller.wallet.transfer({ email: recipient.email, amount: 10, idempotencyKey: key() }));
    expect(outcome.code).toBe('INSUFFICIENT_BALANCE');
    expect(await countRows(db.db, 'usdn_transfers')).toBe(before);
    expect(await usdnOf(db.db, sender.id)).toEqual({ available: 999, held: 0 });
  });

  test('notes over 200 characters are refused', async ({ services }) => {
    const { recipient, caller } = await pair(services, 5000);
    const outcome = await failure(caller.wallet.transfer({ email: recipient.email, amount: 1, notes: 'x'.repeat(201), idempotencyKey: key() }));
    expect(outcome).toEqual({ code: 'CONTENT_TOO_LONG', params: { max: 200 } });
    await caller.wallet.transfer({ email: recipient.email, amount: 1, notes: 'x'.repeat(200), idempotencyKey: key() });
  });

  test('a retried submit with the same key sends once', async ({ db, services }) => {
    const { sender, recipient, caller } = await pair(services, 5000);
    const input = { email: recipient.email, amount: 7, idempotencyKey: key() };
    const first = await caller.wallet.transfer(input);
    expect(await caller.wallet.transfer(input)).toEqual(first);
    expect((await usdnOf(db.db, sender.id)).available).toBe(4300);
  });

  test('transfers lists the last 20 sent or received, newest first', async ({ services }) => {
    const { sender, recipient, caller, recipientCaller } = await pair(services, 10_000);
    for (let index = 0; index < 21; index++) {
      services.clock.advance(1000);
      await caller.wallet.transfer({ email: recipient.email, amount: 1, idempotencyKey: key() });
    }
    services.clock.advance(1000);
    await recipientCaller.wallet.transfer({ email: sender.email, amount: 2, idempotencyKey: key() });
    const list = await caller.wallet.transfers();
    expect(list).toHaveLength(20);
    expect(list[0]).toMatchObject({ direction: 'received', counterparty: 'Recipient', amountCents: 200 });
    expect(list.slice(1).every((row) => row.direction === 'sent' && row.amountCents === 100)).toBe(true);
  });

  test('visitors are refused', async ({ services }) => {
    const visitor = await callerFor(services);
    expect((await failure(visitor.wallet.transfer({ email: 'a@b.c', amount: 1, idempotencyKey: key() }))).code).toBe('LOGIN_REQUIRED');
  });
});
