import { randomUUID } from 'node:crypto';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { referralSignalFlags } from '@curio/shared';
import { signUp } from '../../../server/src/domain/accounts/sign-up.ts';
import { verifyEmail } from '../../../server/src/domain/accounts/email-verification.ts';
import { callerFor, type TestServices } from '../../helpers/services.ts';
import { verificationTokenFor } from '../../helpers/users.ts';
import { fund } from '../ledger/ledger-fixtures.ts';
import { completedPurchase } from '../points/support.ts';
import { expectAppError } from '../../helpers/app-errors.ts';

/**
 * The farming signals on the points-redemption queue (rule AD-25, ADR 0045): for each request,
 * the requester's invitees, the largest group of them from one sign-up address block and with
 * one mail domain, and how many never traded, flagged when the share is high.
 */

let seq = 0;
/** A member signed up through `referrerId`'s profile link from `ip` with `email`, verified. */
async function invitee(services: TestServices, referrerId: string, email: string, ip: string): Promise<string> {
  seq += 1;
  await signUp(services, { email, password: 'secret1', referrerId }, { ip });
  return (await verifyEmail(services, { token: await verificationTokenFor(services.db, email) }, null)).userId;
}

async function requestRedemption(services: TestServices, userId: string): Promise<string> {
  await fund(services.db, userId, 'points', 2_000);
  const api = await callerFor(services, userId);
  return (await api.points.redemption.create({ points: 2_000, method: 'alipay', account: `acct-${userId.slice(0, 8)}`, idempotencyKey: randomUUID() })).id;
}

describe('admin.pointsWithdrawals.list: referral signals', () => {
  test('a farmer of sock accounts is flagged on every figure; an ordinary inviter is not; only admins see them', async ({ services, member, admin }) => {
    const farmer = await member({ nickname: 'Signal Farmer' });
    const socks: string[] = [];
    // one /24, one catch-all domain; the socks' own addresses differ (IPv4 and an IPv4-mapped one)
    for (let i = 1; i <= 6; i++)
      socks.push(await invitee(services, farmer.id, `sock${i}-${seq}@catchall.example`, i === 6 ? `::ffff:203.0.113.${i}` : `203.0.113.${i}`));
    const third = await member();
    // one sock traded once: a purchase from a third member (it also pays the farmer one reward)
    await completedPurchase(services, { buyerId: socks[0]!, sellerId: third.id, priceCents: 1_000 });
    const farmed = await requestRedemption(services, farmer.id);

    const friendly = await member({ nickname: 'Signal Friend' });
    const friends = [
      await invitee(services, friendly.id, `ann-${seq}@mail-one.example`, '198.51.100.7'),
      await invitee(services, friendly.id, `bob-${seq}@mail-two.example`, '2001:db8:aaaa:1::5'),
      await invitee(services, friendly.id, `cy-${seq}@mail-three.example`, '192.0.2.44'),
    ];
    // each friend traded: two bought, one sold
    await completedPurchase(services, { buyerId: friends[0]!, sellerId: third.id, priceCents: 1_000 });
    await completedPurchase(services, { buyerId: friends[1]!, sellerId: third.id, priceCents: 1_000 });
    await completedPurchase(services, { buyerId: third.id, sellerId: friends[2]!, priceCents: 1_000 });
    const ordinary = await requestRedemption(services, friendly.id);

    const loner = await member({ nickname: 'Signal Loner' });
    const alone = await requestRedemption(services, loner.id);

    const page = await admin.api.admin.pointsWithdrawals.list({ search: 'Signal' });
    const byId = new Map(page.items.map((item) => [item.id, item.referrals]));
    expect(byId.get(farmed)).toEqual({
      invitees: 6,
      sameAddressBlock: 6,
      addressBlock: '203.0.113.0/24',
      sameMailDomain: 6,
      mailDomain: 'catchall.example',
      neverTraded: 5,
      flags: { addressBlock: true, mailDomain: true, neverTraded: true },
    });
    expect(byId.get(ordinary)).toEqual({
      invitees: 3,
      sameAddressBlock: 1,
      addressBlock: '192.0.2.0/24',
      sameMailDomain: 1,
      mailDomain: 'mail-one.example',
      neverTraded: 0,
      flags: { addressBlock: false, mailDomain: false, neverTraded: false },
    });
    expect(byId.get(alone)).toEqual({
      invitees: 0,
      sameAddressBlock: 0,
      addressBlock: null,
      sameMailDomain: 0,
      mailDomain: null,
      neverTraded: 0,
      flags: { addressBlock: false, mailDomain: false, neverTraded: false },
    });
    // the IPv6 friend's block is its /48
    expect(
      (await services.db.selectFrom('users').select('sign_up_address_block').where('id', '=', friends[1]!).executeTakeFirstOrThrow()).sign_up_address_block,
    ).toBe('2001:db8:aaaa::/48');

    // members, the farmer included, cannot read the queue; visitors must sign in
    await expectAppError(farmer.api.admin.pointsWithdrawals.list({}), 'ADMIN_REQUIRED');
    await expectAppError((await member()).api.admin.pointsWithdrawals.list({ search: 'Signal' }), 'ADMIN_REQUIRED');
    await expectAppError((await callerFor(services)).admin.pointsWithdrawals.list({}), 'LOGIN_REQUIRED');
    // and no member-facing answer carries an address block
    expect(JSON.stringify(await farmer.api.points.invitations.mine())).not.toContain('203.0.113');
  });

  test('the flag needs at least three invitees and half of them on one figure', () => {
    const figures = { invitees: 2, sameAddressBlock: 2, sameMailDomain: 2, neverTraded: 2 };
    expect(referralSignalFlags(figures)).toEqual({ addressBlock: false, mailDomain: false, neverTraded: false });
    expect(referralSignalFlags({ invitees: 4, sameAddressBlock: 2, sameMailDomain: 1, neverTraded: 3 })).toEqual({
      addressBlock: true,
      mailDomain: false,
      neverTraded: true,
    });
  });
});
